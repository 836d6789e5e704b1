"""The schema of pbem 0.1.0, the last release before migrations.

A database made by that release (``create_all``, no ``alembic_version``) has
exactly this schema; ``pbem.ops.schema.upgrade`` stamps it as this revision.

Revision ID: 0001
Revises:
Create Date: 2026-12-01

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

revision: str = '0001'
down_revision: Union[str, Sequence[str], None] = None
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Every table and index of pbem 0.1.0, as ``SQLModel.metadata.create_all`` made them."""
    op.create_table('audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('actor', sa.String(), nullable=False),
    sa.Column('action', sa.String(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('detail', sa.String(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(), nullable=False),
    sa.Column('label', sa.String(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=True),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('bot_seed', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('deadline_hours', sa.Float(), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('inbound',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_id', sa.String(), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('envelope_to', sa.String(), nullable=False),
    sa.Column('sender', sa.String(), nullable=False),
    sa.Column('recipient', sa.String(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('reason', sa.String(), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('received', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_inbound_message_id', 'inbound', ['message_id'], unique=True)
    op.create_table('outbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_id', sa.String(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('recipient', sa.String(), nullable=False),
    sa.Column('subject', sa.String(), nullable=False),
    sa.Column('text', sa.String(), nullable=False),
    sa.Column('html', sa.String(), nullable=False),
    sa.Column('reply_to', sa.String(), nullable=False),
    sa.Column('in_reply_to', sa.String(), nullable=False),
    sa.Column('references', sa.String(), nullable=False),
    sa.Column('picture', sa.LargeBinary(), nullable=True),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('seq', sa.Integer(), nullable=True),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_error', sa.String(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.Column('sent', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_outbox_game_id', 'outbox', ['game_id'], unique=False)
    op.create_index('ix_outbox_message_id', 'outbox', ['message_id'], unique=True)
    op.create_index('ix_outbox_status', 'outbox', ['status'], unique=False)
    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('email', sa.String(), nullable=False),
    sa.Column('language', sa.String(), nullable=False),
    sa.Column('time_zone', sa.String(), nullable=False),
    sa.Column('secret', sa.String(), nullable=False),
    sa.Column('notify', sa.String(), nullable=False),
    sa.Column('vacation_until', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_player_email', 'player', ['email'], unique=True)
    op.create_table('robotanswers',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('address', sa.String(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('address', 'day')
    )
    op.create_table('serverkey',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('secret', sa.String(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('game', sa.String(), nullable=False),
    sa.Column('definition', sa.String(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('rounds_started', sa.Integer(), nullable=False),
    sa.Column('next_round_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_tournament_name', 'tournament', ['name'], unique=True)
    op.create_table('digestitem',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('line', sa.String(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.Column('sent', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], )
    )
    op.create_index('ix_digestitem_player_id', 'digestitem', ['player_id'], unique=False)
    op.create_index('ix_digestitem_sent', 'digestitem', ['sent'], unique=False)
    op.create_table('dispute',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('text', sa.String(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], )
    )
    op.create_table('early',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('text', sa.String(), nullable=False),
    sa.Column('inbound_id', sa.Integer(), nullable=True),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seat'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.ForeignKeyConstraint(['inbound_id'], ['inbound.id'], )
    )
    op.create_index('ix_early_game_id', 'early', ['game_id'], unique=False)
    op.create_table('entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('joined', sa.Integer(), nullable=False),
    sa.Column('dropped', sa.Integer(), nullable=True),
    sa.Column('division', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'player_id'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], )
    )
    op.create_index('ix_entry_tournament_id', 'entry', ['tournament_id'], unique=False)
    op.create_table('move',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('notation', sa.String(), nullable=False),
    sa.Column('source', sa.String(), nullable=False),
    sa.Column('inbound_id', sa.Integer(), nullable=True),
    sa.Column('reverted', sa.Boolean(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seq'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.ForeignKeyConstraint(['inbound_id'], ['inbound.id'], )
    )
    op.create_index('ix_move_game_id', 'move', ['game_id'], unique=False)
    op.create_table('ratingbook',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('updated', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game', 'player_id'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], )
    )
    op.create_index('ix_ratingbook_player_id', 'ratingbook', ['player_id'], unique=False)
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('follows', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ),
    sa.ForeignKeyConstraint(['follows'], ['tournament.id'], )
    )
    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.Column('bot', sa.String(), nullable=False),
    sa.Column('timeouts', sa.Integer(), nullable=False),
    sa.Column('awaiting', sa.Boolean(), nullable=False),
    sa.Column('prompted_seq', sa.Integer(), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('reminded', sa.Boolean(), nullable=False),
    sa.Column('forfeited', sa.Boolean(), nullable=False),
    sa.Column('thread_root', sa.String(), nullable=False),
    sa.Column('last_message_id', sa.String(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seat'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], )
    )
    op.create_index('ix_seat_game_id', 'seat', ['game_id'], unique=False)
    op.create_table('tabletalk',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('text', sa.String(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], )
    )
    op.create_index('ix_tabletalk_game_id', 'tabletalk', ['game_id'], unique=False)
    op.create_table('tournamentround',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('byes', sa.JSON(), nullable=True),
    sa.Column('report', sa.JSON(), nullable=True),
    sa.Column('started', sa.DateTime(timezone=True), nullable=False),
    sa.Column('completed', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'number'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], )
    )
    op.create_index('ix_tournamentround_tournament_id', 'tournamentround', ['tournament_id'], unique=False)
    op.create_table('tournamenttable',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('round_no', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('scores', sa.JSON(), nullable=True),
    sa.Column('ranks', sa.JSON(), nullable=True),
    sa.Column('timeouts', sa.JSON(), nullable=True),
    sa.Column('substituted', sa.JSON(), nullable=True),
    sa.Column('forfeited', sa.JSON(), nullable=True),
    sa.Column('finished', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'round_no', 'number'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], )
    )
    op.create_index('ix_tournamenttable_game_id', 'tournamenttable', ['game_id'], unique=True)
    op.create_index('ix_tournamenttable_tournament_id', 'tournamenttable', ['tournament_id'], unique=False)


def downgrade() -> None:
    """No pbem is older than this: going below it drops every table."""
    op.drop_table('tournamenttable')
    op.drop_table('tournamentround')
    op.drop_table('tabletalk')
    op.drop_table('seat')
    op.drop_table('season')
    op.drop_table('ratingbook')
    op.drop_table('move')
    op.drop_table('entry')
    op.drop_table('early')
    op.drop_table('dispute')
    op.drop_table('digestitem')
    op.drop_table('tournament')
    op.drop_table('serverkey')
    op.drop_table('robotanswers')
    op.drop_table('player')
    op.drop_table('outbox')
    op.drop_table('inbound')
    op.drop_table('game')
    op.drop_table('audit')
