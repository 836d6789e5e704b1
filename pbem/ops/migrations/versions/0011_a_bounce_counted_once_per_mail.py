"""Each outbox row says when a bounce to its return path was counted, so a replayed bounce counts once.

A nullable column added in place: a mail sent before this revision has no
bounce on record and may still count one.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 11:00:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0011'
down_revision: Union[str, Sequence[str], None] = '0010'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('outbox', sa.Column('bounced', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('bounced')
