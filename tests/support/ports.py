"""No test listens where a real ``pbem serve`` would: the guard every test runs under (see tests/conftest.py).

``pbem init`` writes ``listen = "127.0.0.1:2525"``, so a league served on
this machine holds that port; a test binding it would fail whenever one runs
(or, worse, hand the league's mail to a test). Tests listen on port 0 (any
free one, read back from the listener) or on :func:`tests.support.sink.free_port`.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from pbem.ops.config import Settings
from pbem.serve.listener import Listener

DEFAULT_LISTEN: str = Settings.__dataclass_fields__["listen"].default


class DefaultListen(AssertionError):
    """A test asked for pbem's default listen address."""


def refuse_default(listen: str, where: str) -> None:
    if listen == DEFAULT_LISTEN:
        raise DefaultListen(f"{where} listens on pbem's default {DEFAULT_LISTEN}, where a real pbem serve may run; "
                            f"give listen=\"127.0.0.1:0\" (any free port) or \"\" (no listener)")


def refuse_default_env(env: Mapping[str, str]) -> None:
    """A child ``pbem serve``'s environment: PBEM_LISTEN absent means the default, and is refused as well."""
    refuse_default(env.get("PBEM_LISTEN", DEFAULT_LISTEN), "this pbem serve's environment")


@pytest.fixture(autouse=True)
def no_default_listen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every listener a test starts in its own process is checked before it binds."""
    start = Listener.start

    async def checked(self: Listener) -> None:
        refuse_default(self.settings.listen, "a listener started by this test")
        await start(self)

    monkeypatch.setattr(Listener, "start", checked)
