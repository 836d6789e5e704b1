"""The fixtures every folder of service tests uses (a clock, a service on a fresh database, a relay sink), from
:mod:`tests.support.loop`; a folder's own conftest may offer its own under the same name. Every test runs under
:func:`tests.support.ports.no_default_listen`: none listens where a real ``pbem serve`` would."""

from __future__ import annotations

from tests.support.loop import any_database, clock, relayed, service, sink  # noqa: F401  (fixtures)
from tests.support.postgres import postgres_url  # noqa: F401  (the fixture, for any_database)
from tests.support.ports import no_default_listen  # noqa: F401  (autouse: no test on pbem's default listen)
