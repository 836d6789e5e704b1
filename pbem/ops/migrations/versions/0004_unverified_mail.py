"""Mail pbem could not tie to its player, counted per day, address and seat.

What such mail makes pbem send has caps of its own (``seat_notices_per_day``,
``unverified_per_day``), apart from ``robotanswers``, which now
counts only the answers to a player's own mail; the organiser gets one digest a
day of it. A new table: nothing existing changes, and the counters start empty.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03 18:00:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0004'
down_revision: Union[str, Sequence[str], None] = '0003'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('unverifiedmail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('address', sa.String(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('mails', sa.Integer(), nullable=False),
    sa.Column('answered', sa.Integer(), nullable=False),
    sa.Column('reported', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('day', 'address', 'game_id', 'seat')
    )


def downgrade() -> None:
    op.drop_table('unverifiedmail')
