"""A heartbeat of each ``pbem serve`` run, and when each outbox row was last tried, for ``pbem status``.

``heartbeat`` is a new table (one row a run: started, last scan, stopped):
on PostgreSQL it is how ``pbem status`` tells a running server. ``outbox.tried``
is when the relay was last tried with a row, indexed as ``pbem status`` asks
for the newest; existing rows start without one (nothing says when they were
tried).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 17:46:43.923182
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0005'
down_revision: Union[str, Sequence[str], None] = '0004'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """A new table, and a nullable column added in place (SQLite's table copy would trip the foreign keys)."""
    op.create_table('heartbeat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('host', sa.String(), nullable=False),
    sa.Column('pid', sa.Integer(), nullable=False),
    sa.Column('started', sa.DateTime(timezone=True), nullable=False),
    sa.Column('beat', sa.DateTime(timezone=True), nullable=False),
    sa.Column('stopped', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.add_column('outbox', sa.Column('tried', sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f('ix_outbox_tried'), 'outbox', ['tried'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_outbox_tried'), table_name='outbox')
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('tried')
    op.drop_table('heartbeat')
