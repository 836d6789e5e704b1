"""The organiser's tables at 80 columns (issue 46): every header and every value readable, none cut.

rich's own layout shares a narrow terminal out by cutting every column alike ("player…", "pendi…", a
subject one word a line); these run the commands with ``COLUMNS=80`` on a league with long names, long
addresses, every tie-break and a relay error, and read the printed table back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from sqlmodel import Session, select

from pbem.admin.base import table
from pbem.admin.mail import OUTBOX_COLUMNS
from pbem.ops.db import Outbox
from pbem.play.service import Service
from tests.cli.test_cli import env, pbem, service  # noqa: F401  (fixtures)
from tests.tournament.conftest import Players, definition, emails

LONG = {"anna.papadopoulou-smith@example.org": "Anna-Katharina Papadopoulou", "odon.kovacs@example.org": "Kovács Ödön"}
ALL_TIE_BREAKS = '["game_points", "wins", "opponents_strength", "head_to_head", "average_rank", "fewest_timeouts"]'
ERROR = "451 4.7.1 Greylisted, see https://relay.example.net/greylisting/explained-for-senders try again later"


@pytest.fixture
def league(env, service: Service, tmp_path: Path) -> dict[str, str]:  # noqa: F811
    """A finished round of a tournament with long names and addresses, every tie-break and a relay error."""
    file = tmp_path / "open.toml"
    file.write_text(definition(rounds=2).replace('["game_points", "wins"]', ALL_TIE_BREAKS))
    pbem(env, "tournament", "create", str(file))
    for email, name in LONG.items():  # first: the newest mails go to the short addresses
        pbem(env, "tournament", "register", "1", "--player", email, "--name", name)
    for email in emails(4):
        pbem(env, "tournament", "register", "1", "--player", email)
    pbem(env, "round", "start", "1")
    Players(service).answer_all()
    with Session(service.db) as session:
        last = session.exec(select(Outbox).order_by(Outbox.id.desc())).first()
        last.last_error, last.attempts = ERROR, 3
        session.add(last)
        session.commit()
    return {**env, "COLUMNS": "80"}


def columns(printed: str) -> list[int]:
    """The inner widths of the table's columns, read off its top border."""
    top = next(line for line in printed.splitlines() if line.startswith("┏"))
    return [len(cell) - 2 for cell in top.strip("┏┓").split("┳")]


def column_text(printed: str, index: int) -> str:
    """Everything printed in one column of the table's body, its lines joined without spaces."""
    rows = [line.strip("│").split("│") for line in printed.splitlines() if line.startswith("│")]
    return "".join("".join(row[index].split()) for row in rows)


def readable(printed: str, values: list[str], headers: list[str]) -> None:
    """The table is no wider than 80 columns, no cell is a sliver, nothing is cut short with "…", and each
    value and each header word is printed whole (a value's words may wrap onto lines of their own)."""
    assert max(len(line) for line in printed.splitlines()) <= 80, printed
    assert min(columns(printed)) >= 3, printed
    assert "…" not in printed, printed
    cells = " ".join(re.sub(r"[│┃]", " ", printed).split())
    for value in values:
        for word in value.split():
            assert word in cells, (word, printed)
    for header in headers:
        for word in header.split():
            assert word in cells, (word, printed)


def test_standings_at_80_columns(league) -> None:
    printed = pbem(league, "tournament", "standings", "1")
    readable(printed, [*LONG.values(), *(email.split("@")[0] for email in emails(4))],
             ["rank", "player", "points", "rating", "GP", "Wins", "OppStr", "H2H", "AvgRk"])
    shown = " ".join(printed.split())
    assert "GP: Game points, OppStr: Opp. strength, H2H: Head-to-head, AvgRk: Avg. rank" in shown, printed
    assert "left out at 80 columns: games, reliability, Timeouts" in shown, printed
    wide = pbem({**league, "COLUMNS": "200"}, "tournament", "standings", "1")
    assert "Opp. strength" in wide and "Timeouts" in wide and "reliability" in wide and "OppStr" not in wide \
        and "left out" not in wide, wide


def test_outbox_list_at_80_columns(league) -> None:
    printed = pbem(league, "outbox", "list", "--limit", "12")
    assert len(re.findall(r"^│\s+(\d+)\s", printed, re.MULTILINE)) == 12, printed
    readable(printed, [*LONG, "player01@example.org", "pending", "standings"],
             ["id", "to", "kind", "status", "subject", "last error"])
    assert "".join(ERROR.split()) in column_text(printed, -1), printed  # folded inside a long word, never cut
    typical = pbem(league, "outbox", "list", "--limit", "4")  # addresses of a usual length: a roomier subject
    readable(typical, ["player01@example.org", "pending"], ["written (UTC)", "subject"])
    assert columns(typical)[-1] >= 24, typical


def test_player_list_at_80_columns(league) -> None:
    printed = pbem(league, "player", "list")
    readable(printed, [*LONG, *LONG.values(), *emails(4), "Test Open", "UTC"],
             ["name", "email", "language", "time zone", "mail", "games", "tournaments"])


def test_every_width_gives_a_table_and_a_fitting_one_cuts_no_address() -> None:
    """From a terminal too narrow for any layout (rich's own squeeze) to a wide one, the table prints; once
    the addresses fit at all, none is cut and no line is wider than the terminal."""
    rows = [(str(n), "2026-12-05 23:44", address, "standings", "pending", "0", "", f"[Test Open] subject {n}", "")
            for n, address in enumerate([*LONG, *emails(3)], start=100)]
    fitted = table("outbox", OUTBOX_COLUMNS, rows)
    # The narrowest layout: id, the longest address, "standings", a subject folded at 12; 4 columns' borders.
    fits = 3 + max(map(len, LONG)) + len("standings") + 12 + 4 * 3 + 1
    for width in range(30, 161):
        console = Console(width=width, record=True, markup=False)
        console.print(fitted)
        printed = console.export_text()
        if width >= fits:
            assert "…" not in printed and all(address in printed for address in LONG), (width, printed)
            assert max(len(line) for line in printed.splitlines()) <= width, (width, printed)
