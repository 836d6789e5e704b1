"""a record across games

Each move names the person whose seat made it, for the players' records across games
(tournaments/reliability.py); moves logged before this revision are given their seat's present player
when a person made them (email, early, admin, timeout): the best the database knows of them. A
tournament's table keeps who held each seat at the end, which scoring.substitute_credit credits by
(tournaments/credit.py); tables finished before it have none and are credited as seated.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06 10:25:47.220434

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0016'
down_revision: Union[str, Sequence[str], None] = '0015'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('move', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_move_player_id'), ['player_id'], unique=False)
        batch_op.create_foreign_key('fk_move_player_id_player', 'player', ['player_id'], ['id'])
    op.execute("UPDATE move SET player_id = (SELECT seat.player_id FROM seat WHERE seat.game_id = move.game_id "
               "AND seat.seat = move.seat) WHERE source IN ('email', 'early', 'admin', 'timeout')")

    with op.batch_alter_table('tournamenttable', schema=None) as batch_op:
        batch_op.add_column(sa.Column('finishers', sa.JSON(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('tournamenttable', schema=None) as batch_op:
        batch_op.drop_column('finishers')

    with op.batch_alter_table('move', schema=None) as batch_op:
        batch_op.drop_constraint('fk_move_player_id_player', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_move_player_id'))
        batch_op.drop_column('player_id')
