"""Deadlines in the player's calendar: the player's choice, each seat's last update, each mail's event.

Columns added in place with defaults that mean "no calendar": a player who
has not asked for it gets none, a seat has sent none, a mail carries none.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06 05:10:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0012'
down_revision: Union[str, Sequence[str], None] = '0011'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Add the columns in place (ALTER TABLE ADD COLUMN): SQLite's table copy would trip the foreign keys."""
    op.add_column('player', sa.Column('calendar', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column('seat', sa.Column('calendar_sent', sa.Integer(), nullable=False, server_default='0'))
    op.add_column('seat', sa.Column('calendar_due', sa.DateTime(timezone=True), nullable=True))
    op.add_column('outbox', sa.Column('calendar', sa.String(), nullable=False, server_default=''))
    op.add_column('outbox', sa.Column('calendar_method', sa.String(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('calendar_method')
        batch_op.drop_column('calendar')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('calendar_due')
        batch_op.drop_column('calendar_sent')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('calendar')
