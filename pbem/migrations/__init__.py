"""pbem's Alembic migrations: ``env.py``, ``versions/`` (one file a revision) and the revision template.

They run through :mod:`pbem.schema`; ``python -m pbem.migrations "what changed"``
writes a new revision (see ``README.md`` here).
"""
