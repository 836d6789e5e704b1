"""pbem's Alembic migrations: ``env.py``, ``versions/`` (one file a revision) and the revision template.

They run through :mod:`pbem.ops.schema`; ``python -m pbem.ops.migrations "what changed"``
writes a new revision and moves ``HEAD`` to it (see ``README.md`` here).
"""

HEAD = "0016"
"""The newest revision in versions/. Every start compares the database with it before importing Alembic,
which costs a tenth of a second per process (``pbem receive`` runs once a mail); a test checks it is
Alembic's head."""
