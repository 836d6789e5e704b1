"""The public pages pbem serve keeps (publish_dir): each page with the stamp of what it showed when written.

A new table: nothing existing changes; with it empty, the first pass of
pbem serve with publish_dir set writes every page.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 18:10:00.000000
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0006'
down_revision: Union[str, Sequence[str], None] = '0005'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('publication',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page', sa.String(), nullable=False),
    sa.Column('stamp', sa.String(), nullable=False),
    sa.Column('written', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('page')
    )


def downgrade() -> None:
    op.drop_table('publication')
