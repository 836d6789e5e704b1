"""Alembic's environment for pbem: runs the migrations on the connection pbem hands over.

``pbem.ops.schema`` passes an open connection (in its transaction) as
``config.attributes["connection"]``; the ``revision --autogenerate`` helper in
``pbem.ops.migrations.__main__`` does the same with a scratch database at head.
"""

from __future__ import annotations

from alembic import context

from pbem.ops.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("pbem's migrations run through pbem (pbem upgrade, or python -m pbem.ops.migrations), "
                       "which hands them a connection; there is no alembic.ini")

context.configure(
    connection=connection,
    target_metadata=metadata(),
    render_as_batch=True,  # SQLite alters tables by copying them; batch mode writes that for us
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
