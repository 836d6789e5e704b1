"""Confirmations asked by mail are stored, so each is used once and expires.

A new table: nothing existing changes. A ``leave confirm`` token mailed
before this revision named no stored ask and is refused; the player writes
``leave`` again.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 10:00:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0010'
down_revision: Union[str, Sequence[str], None] = '0009'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('confirmation',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('purpose', sa.String(), nullable=False),
    sa.Column('scope', sa.String(), nullable=False),
    sa.Column('token_hash', sa.String(), nullable=False),
    sa.Column('asked', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_confirmation_player_id'), 'confirmation', ['player_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_confirmation_player_id'), table_name='confirmation')
    op.drop_table('confirmation')
