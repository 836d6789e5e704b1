"""Pages that follow the games: pbem serve's pages job rewrites what another process changed, atomically,
and no published file carries an address (pbem.tournament.follow)."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, update
from sqlmodel import Session, select
from typer.testing import CliRunner

from pbem.app import open_service
from pbem.cli.main import app
from pbem.serve.server import Server, StartError
from pbem.ops.config import load_settings
from pbem.ops.db import Player
from pbem.ops.tournament_tables import Tournament
from pbem.language.words import words
from pbem.tournament import pages
from pbem.tournament.follow import Follower
from tests.pages.site import china_tournament
from tests.settings import command_env

REPO = Path(__file__).parents[2]
ANN, BOB = "ann@example.org", "bob@example.org"
PAGE_FILE = re.compile(r"(\d+|index|division-\d+|players)(\.(en|el|hu|ru))?\.html|\d+(\.(en|el|hu|ru))?\.png")
"""What a published folder holds, each page also in every language: no temporary file is left beside the pages."""


def addresses_in(folder: Path, addresses: list[str]) -> list[str]:
    """Every published file that shows an address: an @ in a page, or an address or its local part anywhere."""
    found = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".html" and b"@" in data:
            found.append(f"{path}: @")
        found += [f"{path}: {part}" for address in addresses for part in {address, address.partition("@")[0]}
                  if part.encode() in data]
    return found


def leftovers(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file() and not PAGE_FILE.fullmatch(path.name)]


def test_a_move_made_by_another_process_is_on_the_page_after_the_next_pass(tmp_path: Path) -> None:
    """A real SQLite file; `pbem game move` run as another process; then serve's pages job runs."""
    public = tmp_path / "public"
    env = {**os.environ, **command_env(tmp_path, PBEM_SECRET="follow", PBEM_PUBLISH_DIR=str(public)),
           "PYTHONPATH": str(REPO)}
    runner = CliRunner()
    assert runner.invoke(app, ["init"], env=env).exit_code == 0
    made = runner.invoke(app, ["game", "new", "dragon", "--player", ANN, "--player", BOB, "--bots", "2",
                               "--seed", "3"], env=env)
    assert made.exit_code == 0, made.output
    service = open_service(load_settings(env))
    server = Server(service)  # not started: the test drives its pages job itself
    page = public / "games" / "1.html"

    asyncio.run(server.publish_pages())
    first = page.read_text(encoding="utf-8")
    assert "seat 1 (Player 1)" in first and "seat 2 (Player 2)" in first  # nobody named them
    with Session(service.db) as session:
        game = service.store.load(session, 1)
        [due] = game.due()
        notation = game.rules.format(game.rules.legal(game.state, due)[0])
        shown = words(game.rules, "en").move(notation)
    moves_before = first.count("<code>")

    moved = subprocess.run([sys.executable, "-m", "pbem", "game", "move", "1", notation, "--seat", str(due + 1),
                            "--reason", "test"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert moved.returncode == 0, moved.stderr
    assert page.read_text(encoding="utf-8") == first  # nothing in this process heard of it

    asyncio.run(server.publish_pages())
    after = page.read_text(encoding="utf-8")
    assert after.count("<code>") > moves_before and f"<code>{shown}</code>" in after
    assert f"seat {due + 1} (Player {due + 1})</td><td><code>{shown}</code>" in after

    report = asyncio.run(server.pages.follow(server.run_db))  # type: ignore[union-attr]
    assert report.written == [] and report.failed == []  # unchanged: not written again

    with service.db.begin() as connection:  # the organiser names Bob, from elsewhere: no game version bump
        connection.execute(update(Player).where(Player.email == BOB).values(name="Bob Builder"))
    assert asyncio.run(server.pages.follow(server.run_db)).written == ["games/1"]  # type: ignore[union-attr]
    assert "seat 2 (Bob Builder)" in page.read_text(encoding="utf-8")

    assert addresses_in(public, [ANN, BOB]) == []
    assert leftovers(public) == []


def test_serve_schedules_the_pages_job_only_with_publish_dir(tmp_path: Path) -> None:
    for folder, scheduled in ((str(tmp_path / "public"), True), ("", False)):
        env = command_env(tmp_path, PBEM_SECRET="follow", PBEM_PUBLISH_DIR=folder, PBEM_LISTEN="")
        service = open_service(load_settings(env))

        async def run() -> bool:
            server = Server(service)
            await server.start()
            try:
                return server.scheduler.get_job("pages") is not None
            finally:
                await server.stop()

        assert asyncio.run(run()) is scheduled


def test_a_tournaments_standings_and_its_games_link_each_other_and_show_no_address(tmp_path: Path) -> None:
    site = china_tournament(tmp_path)
    public = tmp_path / "public"
    with Session(site.service.db) as session:  # one player named at registration, the others not
        player = session.exec(select(Player).where(Player.email == "player03@example.org")).one()
        player.name = "Chen Wei"
        session.add(player)
        session.commit()
    umask = os.umask(0o027)  # as deploy/pbem.service runs pbem serve
    try:
        report = Follower(site.service, public).run()
    finally:
        os.umask(umask)
    assert sorted(report.written) == ["games/1", "games/2", "tournaments/1"] and report.failed == []
    modes = {path.relative_to(tmp_path).as_posix(): path.stat().st_mode & 0o777
             for path in [public, *public.rglob("*")]}
    assert modes == {name: 0o755 if (tmp_path / name).is_dir() else 0o644 for name in modes}  # a web server reads them
    standings = public / "tournaments" / "1" / "index.html"
    text = standings.read_text(encoding="utf-8")
    assert "Chen Wei" in text and "Player 7" in text
    for link in re.findall(r'href="([^"]+)"', text):
        page, _, section = link.partition("#")
        assert (standings.parent / page).resolve().is_file() if page else f'id="{section}"' in text, link
    game = public / "games" / f"{site.finished}.html"
    back = {link.partition("#")[0] for link in re.findall(r'href="([^"]+)"', game.read_text(encoding="utf-8"))}
    back -= {f"{site.finished}.{language}.html" for language in ("en", "el", "hu", "ru")}  # the language switcher
    players = {link for link in back if link.startswith("../tournaments/1/players/")}  # each seat's player's page
    with Session(site.service.db) as session:
        seats = len(site.service.store.load(session, site.finished).seats)
    assert back - players == {"", "../tournaments/1/index.html", "../tournaments/1/players.html"}  # "": its replay
    assert len(players) == seats
    assert (game.parent / "../tournaments/1/index.html").resolve() == standings.resolve()
    assert all((game.parent / link).resolve().is_file() for link in players)
    emails = [f"player{number:02d}@example.org" for number in range(1, 8)]
    assert addresses_in(public, emails) == []
    assert leftovers(public) == []


def test_a_page_is_replaced_whole_under_a_hidden_name_in_its_own_folder(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "games" / "1.html"
    target.parent.mkdir()
    pages.write_atomic(target, "old page")
    reader = target.open("rb")  # a web server sending the old page while it is replaced
    renames: list[tuple[Path, Path]] = []
    real_replace = os.replace

    def watched(source: str, destination: str) -> None:
        renames.append((Path(source), Path(destination)))
        assert Path(destination).read_text() == "old page"  # the new text never went into the served file
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", watched)
    pages.write_atomic(target, "new page " * 10_000)
    [(source, destination)] = renames
    assert destination == target and source.parent == target.parent and source.name.startswith(".1.html.")
    assert reader.read() == b"old page"  # the old file, whole, to the reader who opened it
    reader.close()
    assert target.read_text() == "new page " * 10_000 and target.stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in target.parent.iterdir()) == ["1.html"]


def test_a_write_that_fails_leaves_the_old_page_and_no_temporary_file(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "index.html"
    pages.write_atomic(target, "old page")

    def full_disk(source: str, destination: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        pages.write_atomic(target, "new page")
    assert target.read_text() == "old page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]


def test_a_page_that_cannot_be_written_is_tried_again_on_the_next_pass(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    site = china_tournament(tmp_path)
    follower = Follower(site.service, tmp_path / "public")
    real = pages.write_game

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pages, "write_game", broken)
    report = follower.run()
    assert sorted(report.failed) == ["games/1", "games/2"] and report.written == ["tournaments/1"]
    monkeypatch.setattr(pages, "write_game", real)
    assert sorted(follower.run().written) == ["games/1", "games/2"]
    assert follower.run().written == []


def test_publish_dir_and_publish_zone_are_settings_checked_as_read(tmp_path: Path) -> None:
    settings = load_settings({"PBEM_PUBLISH_DIR": str(tmp_path), "PBEM_PUBLISH_ZONE": "Europe/Athens"})
    assert settings.publish_dir == str(tmp_path) and settings.publish_zone == "Europe/Athens"
    runner = CliRunner()
    shown = runner.invoke(app, ["config"], env=command_env(tmp_path, PBEM_PUBLISH_ZONE="Mars/Olympus"))
    assert shown.exit_code != 0 and "PBEM_PUBLISH_ZONE='Mars/Olympus'" in shown.output


def test_the_organisers_publish_leaves_no_temporary_file_and_no_address(tmp_path: Path) -> None:
    """``pbem tournament publish`` writes through the same atomic writes and public names."""
    site = china_tournament(tmp_path)
    assert (site.out / "index.html").is_file() and (site.out / "games" / f"{site.running}.html").is_file()
    assert leftovers(site.out) == []
    assert addresses_in(site.out, [f"player{number:02d}@example.org" for number in range(1, 8)]) == []


def test_a_publish_dir_pbem_cannot_write_stops_the_start_naming_the_setting(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    env = command_env(tmp_path, PBEM_SECRET="follow", PBEM_PUBLISH_DIR=str(tmp_path / "a-file" / "public"),
                      PBEM_LISTEN="")
    service = open_service(load_settings(env))

    async def run() -> None:
        await Server(service).start()

    with pytest.raises(StartError, match="publish_dir"):
        asyncio.run(run())


def test_the_pages_are_rewritten_when_their_language_changes_and_only_then(tmp_path: Path) -> None:
    """Each page in every language is one stamp: a player's language rewrites a tournament's pages only when
    it changes the language they are first in, and a page missing in one language is written again."""
    site = china_tournament(tmp_path)
    public = tmp_path / "public"
    follower = Follower(site.service, public)
    assert sorted(follower.run().written) == ["games/1", "games/2", "tournaments/1"]

    def reading(language: str, *numbers: int) -> list[str]:
        with site.service.db.begin() as connection:
            connection.execute(update(Player).where(Player.email.in_(  # type: ignore[attr-defined]
                [f"player{number:02d}@example.org" for number in numbers])).values(language=language))
        return sorted(follower.run().written)

    assert reading("hu", 1, 2, 3, 4) == []  # the file names English: every page stays as it was
    with site.service.db.begin() as connection:  # the file names no language: the pages are in the most read
        connection.execute(update(Tournament).values(definition=func.replace(Tournament.definition,
                                                                             'language = "en"', "")))
    assert sorted(follower.run().written) == ["games/1", "games/2", "tournaments/1"]
    for page in (public / "tournaments" / "1" / "index.html", public / "games" / "1.html"):
        assert '<html lang="hu">' in page.read_text(encoding="utf-8")  # four of seven read Hungarian
    assert reading("el", 5, 6) == []  # still most read Hungarian: nothing to write
    assert reading("el", 1, 7) == ["games/1", "games/2", "tournaments/1"]  # four Greek, three Hungarian
    assert '<html lang="el">' in (public / "games" / "2.html").read_text(encoding="utf-8")
    (public / "games" / "2.ru.html").unlink()
    assert follower.run().written == ["games/2"]
    assert (public / "games" / "2.ru.html").is_file() and follower.run().written == []
    players = public / "tournaments" / "1" / pages.PLAYERS_INDEX  # the index of the players: with the standings
    assert '<html lang="el">' in players.read_text(encoding="utf-8")
    players.with_name("players.hu.html").unlink()
    assert follower.run().written == ["tournaments/1"]
    assert '<html lang="hu">' in players.with_name("players.hu.html").read_text(encoding="utf-8")
    assert follower.run().written == []
