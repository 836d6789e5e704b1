"""Write a new revision from the models: ``python -m pbem.ops.migrations "add bounce counts"``.

Autogenerate compares the models with a database at the current head, so it
builds one (a scratch SQLite file, by running every revision) and compares
against that: the new file holds just what the models changed since. Review
it before committing (see README.md); SQLite cannot alter a column in place,
so the operations come in ``batch_alter_table`` blocks, which PostgreSQL runs
as plain ALTERs.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine

from pbem.ops import schema


def main(message: str) -> Path:
    number = 1 + max((int(path.name[:4]) for path in (schema.MIGRATIONS / "versions").glob("[0-9]*.py")), default=0)
    with tempfile.TemporaryDirectory() as scratch:
        engine = create_engine(f"sqlite:///{scratch}/head.db")
        with engine.begin() as connection:
            settings = schema.config()
            settings.attributes["connection"] = connection
            if number > 1:
                command.upgrade(settings, "head")
            written = command.revision(settings, message=message, autogenerate=True, rev_id=f"{number:04d}")
        engine.dispose()
    assert written is not None and not isinstance(written, list)
    package = schema.MIGRATIONS / "__init__.py"
    package.write_text(re.sub(r'^HEAD = ".*"$', f'HEAD = "{number:04d}"', package.read_text(), flags=re.M))
    return Path(written.path)


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].strip():
        sys.exit('usage: python -m pbem.ops.migrations "what the revision changes"')
    print(f"wrote {main(sys.argv[1])}: review it, then test it (see pbem/ops/migrations/README.md)")
