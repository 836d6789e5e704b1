"""The settings tests give every ``pbem`` command they run: a test domain, and a settings file of their own.

``pbem serve`` and the commands that queue mail refuse the built-in example
domain, and every command reads ./pbem.toml when no file is named: pointing
``PBEM_CONFIG`` (and the database) into the test's folder keeps a stray
file in the working directory out of the test, and the test out of it.
"""

from __future__ import annotations

from pathlib import Path

TEST_DOMAIN = "pbem.test"


def command_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """``PBEM_*`` variables for a command run in a test: addresses on the test domain, files under tmp_path."""
    return {
        "PBEM_DATABASE_URL": f"sqlite:///{tmp_path / 'pbem.db'}",
        "PBEM_DOMAIN": TEST_DOMAIN,
        "PBEM_FROM": f"pbem@{TEST_DOMAIN}",
        "PBEM_ORGANISER": f"organiser@{TEST_DOMAIN}",
        "PBEM_CONFIG": str(tmp_path / "pbem.toml"),
        **extra,
    }
