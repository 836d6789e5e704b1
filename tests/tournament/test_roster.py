"""``pbem player list``: the roster on the command line, filtered, as a table or as CSV, bad filters refused."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.admin.players import BOUNCE_STATES, ROSTER_HEADER
from pbem.play.service import Service
from tests.tournament.conftest import definition, emails
from tests.cli.test_cli import bounce, env, file, pbem, running, service  # noqa: F401  (fixtures)

OUTSIDER = "zed@example.net"
"""A player of a game outside the tournament, reading Greek."""


def rows(output: str) -> list[dict[str, str]]:
    read = list(csv.reader(io.StringIO(output)))
    assert tuple(read[0]) == ROSTER_HEADER
    return [dict(zip(ROSTER_HEADER, row, strict=True)) for row in read[1:]]


@pytest.fixture
def roster(env, service, running, tmp_path: Path) -> Service:  # noqa: F811
    """Tournament 1's six players in round 1, one of them bouncing; a seventh player in a Greek game of their own,
    with a name that needs CSV quoting."""
    pbem(env, "game", "new", "china", "--player", OUTSIDER, "--player", emails(6)[5], "--player", emails(6)[4])
    second = tmp_path / "second.toml"
    second.write_text(definition().replace("Test Open", "Second Open"))
    pbem(env, "tournament", "create", str(second))  # a tournament nobody has entered
    from pbem.play import players
    with Session(service.db) as session:
        outsider = players.find(session, OUTSIDER)
        assert outsider is not None
        outsider.language, outsider.name = "el", 'Zed "Z", Jr'
        session.add(outsider)
        session.commit()
    bounce(service, emails(6)[0])
    return service


def test_every_player_is_listed_as_csv_with_games_tournaments_and_mail_state(env, roster) -> None:
    listed = {row["email"]: row for row in rows(pbem(env, "player", "list", "--csv"))}
    assert sorted(listed) == sorted([*emails(6), OUTSIDER])
    zed = listed[OUTSIDER]
    assert (zed["name"], zed["language"], zed["bounce_state"], zed["tournaments"]) == ('Zed "Z", Jr', "el", "fine", "")
    assert zed["games"].split() == [max(zed["games"].split(), key=int)], "the China game alone"
    first = listed[emails(6)[0]]
    assert (first["bounce_state"], first["bounce_score"], first["tournaments"]) == ("bouncing", "1", "Test Open")
    assert len(first["games"].split()) == 1, "their round-1 table"
    assert len(listed[emails(6)[5]]["games"].split()) == 2, "round 1 and the China game"
    assert all(row["language"] == "en" and row["time_zone"] == "UTC" for email, row in listed.items()
               if email != OUTSIDER)


def test_filters_combine_and_an_empty_result_is_an_empty_list(env, roster) -> None:
    assert [r["email"] for r in rows(pbem(env, "player", "list", "--tournament", "1", "--csv"))] == emails(6)
    assert [r["email"] for r in rows(pbem(env, "player", "list", "--language", "el", "--csv"))] == [OUTSIDER]
    assert [r["email"] for r in rows(pbem(env, "player", "list", "--bounce-state", "bouncing", "--csv"))] == \
        [emails(6)[0]]
    assert [r["email"] for r in rows(pbem(env, "player", "list", "--bounce-state", "fine", "--tournament", "1",
                                          "--csv"))] == emails(6)[1:]
    assert rows(pbem(env, "player", "list", "--bounce-state", "held", "--csv")) == []
    assert rows(pbem(env, "player", "list", "--tournament", "2", "--csv")) == []
    assert rows(pbem(env, "player", "list", "--tournament", "1", "--language", "el", "--csv")) == []


def test_the_table_names_every_player(env, roster) -> None:
    shown = pbem({**env, "COLUMNS": "160"}, "player", "list", "--tournament", "1")
    assert "players: 6" in shown and "bouncing (1)" in shown and "Test Open" in shown and OUTSIDER not in shown
    assert all(email in shown for email in emails(6))


@pytest.mark.parametrize("args, said", [
    (("--bounce-state", "bounced"), "--bounce-state 'bounced': give one of " + ", ".join(BOUNCE_STATES)),
    (("--language", "de"), "--language 'de': give one of en, el, hu, ru"),
    (("--tournament", "9"), "there is no tournament 9; see `pbem tournament list`"),
])
def test_a_bad_filter_is_one_line_naming_what_is_allowed(env, roster, args: tuple[str, ...], said: str) -> None:
    output = pbem(env, "player", "list", *args, code=1)
    assert output.strip() == f"error: {said}"
