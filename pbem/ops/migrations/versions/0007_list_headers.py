"""The List-Id and List-Unsubscribe headers of each outgoing mail (RFC 2919, RFC 2369).

Rows queued before have neither: they leave without them, as they would have.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 20:30:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0007'
down_revision: Union[str, Sequence[str], None] = '0006'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Add the columns in place (ALTER TABLE ADD COLUMN), empty for the rows already there."""
    op.add_column('outbox', sa.Column('list_id', sa.String(), nullable=False, server_default=''))
    op.add_column('outbox', sa.Column('unsubscribe', sa.String(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_column('unsubscribe')
        batch_op.drop_column('list_id')
