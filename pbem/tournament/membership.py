"""The tournament layer's answer to :class:`pbem.play.memberships.Memberships`: lists and leaving.

Every mail of a tournament's table carries the tournament's ``List-Id``
(RFC 2919), so mail programs can file, filter and mute it as a list; and a
player's ``leave`` (mailed, or sent by their mail program from the
``List-Unsubscribe`` address) drops them from the rounds to come, as the
organiser's ``pbem tournament drop`` does: the round under way is played out
under the timeout policy, the next round's seating no longer has them.
"""

from __future__ import annotations

from sqlmodel import Session, select

from pbem.ops.db import Player
from pbem.play.memberships import Membership
from pbem.play.service import Service
from pbem.tournament import runner
from pbem.ops.tournament_tables import Entry, Tournament, TournamentTable
from tournaments.definition import load as load_definition


class Tournaments:
    """What a game's or a player's tournaments are, and a player leaving one, on ``service``'s database."""

    def __init__(self, service: Service) -> None:
        self.service = service

    def list_id(self, session: Session, game_id: int) -> str:
        row = session.exec(select(Tournament).join(TournamentTable, TournamentTable.tournament_id == Tournament.id)
                           .where(TournamentTable.game_id == game_id)).first()
        return "" if row is None else runner.list_of(self.service, row)

    def of_game(self, session: Session, game_id: int, player_id: int) -> Membership | None:
        table = session.exec(select(TournamentTable).where(TournamentTable.game_id == game_id)).first()
        if table is None:
            return None
        return next((m for m in self.entered(session, player_id) if m.tournament_id == table.tournament_id), None)

    def entered(self, session: Session, player_id: int) -> list[Membership]:
        rows = session.exec(select(Tournament).join(Entry, Entry.tournament_id == Tournament.id)
                            .where(Entry.player_id == player_id, Entry.dropped == None,  # noqa: E711
                                   Tournament.status != "finished").order_by(Tournament.id))
        return [Membership(row.id or 0, row.name, runner.list_of(self.service, row)) for row in rows]

    def observers(self, session: Session, game_id: int) -> str:
        row = session.exec(select(Tournament).join(TournamentTable, TournamentTable.tournament_id == Tournament.id)
                           .where(TournamentTable.game_id == game_id)).first()
        return "none" if row is None else load_definition(row.definition).observers

    def leave(self, session: Session, membership: Membership, player: Player, actor: str) -> int:
        row = runner.tournament_row(session, membership.tournament_id)
        entry = session.exec(select(Entry).where(Entry.tournament_id == row.id,
                                                 Entry.player_id == player.id)).one()
        entrant = runner.drop_entry(self.service, session, row, entry, player.email,
                                    "the player's own leave (mailed)", actor)
        seats = runner.unfinished_in(session, row.id or 0, player.email)
        letter = self.service.letters.render(
            "organiser_left", tournament=row.name, tournament_id=row.id, player=entry.name, email=player.email,
            after=entrant.dropped, rounds_started=row.rounds_started, seats=seats,
            policy=self.service.settings.timeout_policy)
        self.service.mails.queue(session, "organiser", self.service.settings.organiser, letter,
                                 reply_to=player.email, list_id=membership.list_id)
        return entrant.dropped or 0
