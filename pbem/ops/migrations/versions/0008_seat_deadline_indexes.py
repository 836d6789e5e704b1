"""Indexes on the seats' deadlines and waiting confirmations: the deadline scan reads the seats that are due by
them, so its time follows the seats due, not the number of games.

Only indexes are added: no row changes, and downgrading drops them again.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 20:10:00.000000
"""
from typing import Sequence, Union

from alembic import op


# revision identifiers, used by Alembic.
revision: str = '0008'
down_revision: Union[str, Sequence[str], None] = '0007'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_index('ix_seat_due', 'seat', ['awaiting', 'reminded', 'deadline', 'game_id'], unique=False)
    op.create_index('ix_seat_unconfirmed_since', 'seat', ['unconfirmed_since'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_seat_unconfirmed_since', table_name='seat')
    op.drop_index('ix_seat_due', table_name='seat')
