"""The heartbeat says when the scans began to fail and why, for ``pbem status``.

A scan that fails (a bug, a setting the deadline scan cannot use) stops every
deadline and reminder while the server looks alive; ``pbem status`` lists it
as a problem from these two columns. Both are nullable and added in place: a
run recorded before this revision had no failing scan on record.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 10:00:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0009'
down_revision: Union[str, Sequence[str], None] = '0008'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('heartbeat', sa.Column('failing_since', sa.DateTime(timezone=True), nullable=True))
    op.add_column('heartbeat', sa.Column('failure', sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('heartbeat', schema=None) as batch_op:
        batch_op.drop_column('failure')
        batch_op.drop_column('failing_since')
