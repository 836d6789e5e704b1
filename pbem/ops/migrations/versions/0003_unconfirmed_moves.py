"""Each seat's moves accepted but not yet confirmed to its player.

A confirmation is folded into the next mail the player gets; until then the
seat keeps the moves (``seat.unconfirmed``) and since when they wait
(``seat.unconfirmed_since``). Existing seats start with nothing waiting.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 03:20:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0003'
down_revision: Union[str, Sequence[str], None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Add the columns in place (ALTER TABLE ADD COLUMN): SQLite's table copy would trip the foreign keys."""
    op.add_column('seat', sa.Column('unconfirmed', sa.String(), nullable=False, server_default=''))
    op.add_column('seat', sa.Column('unconfirmed_since', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('unconfirmed_since')
        batch_op.drop_column('unconfirmed')
