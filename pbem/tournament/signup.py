"""Sign-up by mail: a ``join`` from any address, its one confirmation, and the organiser's decision.

A mail's From proves nothing, so a stranger's ``join`` may cause one mail and
no other: a confirmation to that address, within :func:`pbem.play.budgets.signup`
(one an address a day, ``signups_per_day`` in all), carrying a token that only
who reads the mailbox sees. Sent back from that same address (a reply to the
confirmation, or ``join confirm TOKEN``), it registers them for the next round
(:func:`pbem.tournament.runner.enter_signed_up`, whose welcome states the
language and time zone guessed from their mail), or, when the tournament file
says ``signup.approve``, waits for ``pbem tournament approve`` or ``refuse``.

A ``join`` that cannot be taken (no tournament fits its words, or two do; the
tournament is closed, past its date or full; the address is in already or is
waiting) gets no answer at all: an answer would be a second kind of mail a
stranger could make pbem send to a third party, and one that proves nothing
was asked by that party. The reason is kept on the stored mail for the
organiser. A confirmed sign-up whose tournament filled or closed meanwhile is
told so: its address has proved itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, col, func, select

from pbem.addresses import AddressError
from pbem.language.words import SOURCE_LANGUAGE, game_title
from pbem.ops.db import InboundStatus, Player
from pbem.ops.tournament_tables import Entry, SignUp, Tournament
from pbem.clock import stored
from pbem.play import budgets, confirmations
from pbem.play import players as player_rows
from pbem.play.commands.language import OWN_NAMES
from pbem.play.outcome import Outcome
from pbem.play.service import Service
from pbem.play.signups import JoinMail
from pbem.tournament import runner
from tournaments import TournamentError
from tournaments.signup import Shut, named, shut

ASKED, PENDING, REGISTERED, REFUSED, SHUT, REPLACED, EXPIRED = (
    "asked", "pending", "registered", "refused", "shut", "replaced", "expired")
CONFIRMING = "confirming"
"""A sign-up whose token was just taken, in the transaction that decides it: never committed as such."""

ACTOR = "sign-up by mail"
"""Who the audit log names for what a confirmed sign-up does by itself."""


def _kept(reason: str, status: InboundStatus = InboundStatus.IGNORED) -> Outcome:
    return Outcome(status, f"{reason}: kept, not answered")


class SignUpDesk:
    """The tournament layer's :class:`pbem.play.signups.SignUps`, on ``service``'s database."""

    def __init__(self, service: Service) -> None:
        self.service = service

    def join(self, session: Session, mail: JoinMail) -> Outcome:
        return self._confirm(session, mail) if mail.token else self._ask(session, mail)

    # ------------------------------------------------------------ the ask

    def _ask(self, session: Session, mail: JoinMail) -> Outcome:
        service, sender = self.service, mail.sender
        said = f"join {mail.words[:80]!r} from {sender}"
        try:
            player_rows.address(sender)
        except AddressError as exc:
            return _kept(f"{said}: {exc}")
        rows = list(session.exec(select(Tournament).where(Tournament.status != "finished").order_by(Tournament.id)))
        found = named(mail.words, [(row.id or 0, row.name) for row in rows])
        if not found.tournament_id:
            fits = f" ({', '.join(found.candidates)})" if found.candidates else ""
            return _kept(f"{said}: the words name {'several tournaments' if found.why == 'ambiguous' else 'no tournament'}{fits}")
        row = next(row for row in rows if row.id == found.tournament_id)
        loaded = runner.load(session, found.tournament_id)
        closed = self.shut_now(session, loaded)
        if closed is not None:
            return _kept(f"{said}: {row.name}: {closed.detail}")
        if _entered(session, row.id or 0, sender):
            return _kept(f"{said}: already entered in {row.name}")
        if _signups(session, row.id or 0, sender, PENDING):
            return _kept(f"{said}: a confirmed sign-up for {row.name} awaits the organiser")
        now = service.clock.now()
        if not budgets.signup(session, now.date(), service.settings, sender):
            return _kept(f"{said}: today's confirmation for this address, or today's "
                         f"{service.settings.signups_per_day} in all, are sent", InboundStatus.RATE_LIMITED)
        for older in _signups(session, row.id or 0, sender, ASKED):
            older.status = REPLACED
        token = confirmations.new_token()
        days = service.settings.confirm_days
        language = mail.language or loaded.definition.language or SOURCE_LANGUAGE
        session.add(SignUp(tournament_id=row.id or 0, address=sender, language=language, time_zone=mail.time_zone,
                           token_hash=confirmations.hashed(token), day=now.date(), asked=now,
                           expires=now + timedelta(days=days)))
        self.tell(session, loaded, sender, language, "confirm", token=token, days=days, time_zone=mail.time_zone,
                   guessed=mail.zone_guessed)
        service.audit(session, sender, "signup asked", None, f"tournament {row.id}: {sender} (mail {mail.inbound_id})")
        return Outcome(InboundStatus.COMMAND, f"join {row.name} from {sender}: confirmation mailed")

    # ------------------------------------------------------------ the confirmation

    def _confirm(self, session: Session, mail: JoinMail) -> Outcome:
        service, sender = self.service, mail.sender
        said = f"join confirm from {sender}"
        row = session.exec(select(SignUp).where(SignUp.address == sender,
                                                SignUp.token_hash == confirmations.hashed(mail.token))).first()
        if row is None:
            return _kept(f"{said}: no sign-up of this address has that token")
        if row.status != ASKED:
            return _kept(f"{said}: its sign-up is {row.status} already")
        now = service.clock.now()
        if stored(row.expires) <= now:
            row.status = EXPIRED
            return _kept(f"{said}: the confirmation expired")
        taken = session.exec(update(SignUp).where(col(SignUp.id) == row.id, col(SignUp.status) == ASKED)
                             .values(status=CONFIRMING, confirmed=now))  # type: ignore[call-overload]
        if taken.rowcount != 1:
            return _kept(f"{said}: its sign-up was confirmed by another mail")
        session.refresh(row)
        loaded = runner.load(session, row.tournament_id)
        closed = self.shut_now(session, loaded)
        name = loaded.row.name
        if closed is not None:
            row.status = SHUT
            self.tell(session, loaded, sender, row.language, "shut", code=closed.code)
            return Outcome(InboundStatus.COMMAND, f"{said}: {name}: {closed.detail}; told")
        service.audit(session, sender, "signup confirmed", None, f"tournament {row.tournament_id}: {sender}")
        if loaded.definition.signup.approve:
            row.status = PENDING
            self.tell(session, loaded, sender, row.language, "pending", time_zone=row.time_zone, guessed=True)
            return Outcome(InboundStatus.COMMAND, f"{said}: {name}: confirmed, awaits the organiser's approval")
        try:
            self.enter(session, row, ACTOR, approved=False)
        except TournamentError as exc:
            row.status = SHUT
            return _kept(f"{said}: {name}: {exc}")
        return Outcome(InboundStatus.COMMAND, f"{said}: {name}: registered")

    # ------------------------------------------------------------ shared

    def shut_now(self, session: Session, loaded: runner.Loaded) -> Shut | None:
        entered = sum(1 for entrant in loaded.entrants if entrant.dropped is None)
        return shut(loaded.definition, self.service.clock.now().date(), loaded.row.rounds_started,
                    entered + len(_signups(session, loaded.row.id or 0, None, PENDING)))

    def enter(self, session: Session, row: SignUp, actor: str, approved: bool) -> None:
        """Enter the sign-up's address; a player known already keeps the language and zone they chose."""
        known = player_rows.find(session, row.address)
        language = "" if known is not None and known.language else row.language
        zone = "" if known is not None and known.time_zone != "UTC" else row.time_zone
        registration, problems = player_rows.checked(row.address, "", language, zone)
        if problems:
            raise TournamentError("; ".join(problems))
        runner.enter_signed_up(self.service, session, row.tournament_id, registration,
                               runner.SignedUp("", known is None or not known.language, approved), actor)
        row.status, row.decided = REGISTERED, self.service.clock.now()

    def tell(self, session: Session, loaded: runner.Loaded, address: str, language: str, event: str,
              **context: object) -> None:
        service, definition = self.service, loaded.definition
        known = player_rows.find(session, address)
        reads = known.reads if known is not None and known.language else language
        letter = service.letters.render(
            "signup", reads, event=event, tournament=loaded.row.name, address=address,
            game_title=game_title(service.rules(definition.game), reads), rounds=definition.rounds,
            organiser=service.settings.organiser, language_name=OWN_NAMES[reads], **{"token": "", "days": 0, "time_zone": "",
                                                                      "guessed": False, "code": "", **context})
        # a reply to the confirmation is the confirmation; any other answer is for the organiser to read
        reply_to = service.mails.desk if event in ("confirm", "pending") else service.settings.organiser
        service.mails.queue(session, "signup", address, letter, reply_to=reply_to,
                            list_id=runner.list_of(service, loaded.row))


def _entered(session: Session, tournament_id: int, address: str) -> bool:
    return session.exec(select(Entry.id).join(Player, Player.id == Entry.player_id)  # type: ignore[arg-type]
                        .where(Entry.tournament_id == tournament_id, Player.email == address,
                               Entry.dropped == None)).first() is not None  # noqa: E711


def _signups(session: Session, tournament_id: int, address: str | None, status: str) -> list[SignUp]:
    query = select(SignUp).where(SignUp.tournament_id == tournament_id, SignUp.status == status)
    if address is not None:
        query = query.where(SignUp.address == address)
    return list(session.exec(query.order_by(SignUp.id)))


# ---------------------------------------------------------------- the organiser


@dataclass(frozen=True)
class Waiting:
    """A sign-up as the organiser's listing shows it."""

    tournament_id: int
    tournament: str
    address: str
    status: str
    language: str
    time_zone: str
    asked: datetime
    confirmed: datetime | None


def listed(service: Service, tournament_id: int | None = None, status: str | None = None) -> list[Waiting]:
    """The sign-ups (of one tournament, of one status), oldest first."""
    with Session(service.db) as session:
        query = select(SignUp, Tournament).join(Tournament, Tournament.id == SignUp.tournament_id)  # type: ignore[arg-type]
        if tournament_id is not None:
            runner.tournament_row(session, tournament_id)
            query = query.where(SignUp.tournament_id == tournament_id)
        if status is not None:
            query = query.where(SignUp.status == status)
        return [Waiting(row.tournament_id, tournament.name, row.address, row.status, row.language, row.time_zone,
                        stored(row.asked), stored(row.confirmed) if row.confirmed else None)
                for row, tournament in session.exec(query.order_by(SignUp.id))]


def awaiting(session: Session) -> int:
    """How many confirmed sign-ups await the organiser's decision, in every tournament."""
    return session.exec(select(func.count()).select_from(SignUp).where(SignUp.status == PENDING)).one()


def approve(service: Service, tournament_id: int, address: str, reason: str, actor: str) -> str:
    """Enter a confirmed sign-up awaiting approval, welcomed by mail; returns the tournament's name."""
    with Session(service.db) as session:
        row, tournament = _pending(session, tournament_id, address)
        SignUpDesk(service).enter(session, row, actor, approved=True)
        service.audit(session, actor, "signup approve", None,
                      f"tournament {tournament_id}: {row.address}" + (f"; {reason}" if reason else ""))
        session.commit()
        return tournament.name


def refuse(service: Service, tournament_id: int, address: str, reason: str, actor: str) -> str:
    """Refuse a confirmed sign-up awaiting approval; the player is told by mail. Returns the tournament's name."""
    with Session(service.db) as session:
        row, tournament = _pending(session, tournament_id, address)
        row.status, row.decided = REFUSED, service.clock.now()
        desk = SignUpDesk(service)
        desk.tell(session, runner.load(session, tournament_id), row.address, row.language, "refused")
        service.audit(session, actor, "signup refuse", None,
                      f"tournament {tournament_id}: {row.address}" + (f"; {reason}" if reason else ""))
        session.commit()
        return tournament.name


def _pending(session: Session, tournament_id: int, address: str) -> tuple[SignUp, Tournament]:
    tournament = runner.tournament_row(session, tournament_id)
    spelt = player_rows.spelt(address)
    found = _signups(session, tournament_id, spelt, PENDING)
    if not found:
        waiting = [row.address for row in _signups(session, tournament_id, None, PENDING)]
        raise TournamentError(f"no sign-up from {spelt} awaits approval in {tournament.name}; awaiting: "
                              f"{', '.join(waiting) or 'none'} (`pbem tournament signups {tournament_id}` lists "
                              f"every sign-up)")
    return found[-1], tournament


def state(service: Service, tournament_id: int) -> str:
    """The tournament's sign-up by mail now, in the organiser's words: open with its rules, or why closed."""
    with Session(service.db) as session:
        loaded = runner.load(session, tournament_id)
        rules, closed = loaded.definition.signup, SignUpDesk(service).shut_now(session, loaded)
    if closed is not None:
        return f"sign-up by mail: closed: {closed.detail}"
    terms = ["each approved by the organiser" if rules.approve else "straight in once confirmed"]
    terms += [f"cap {rules.cap}"] if rules.cap is not None else []
    terms += [f"closes after {rules.closes.isoformat()} UTC"] if rules.closes is not None else []
    return f"sign-up by mail: open ({', '.join(terms)}): players mail `join {loaded.row.name}` to " \
           f"{service.mails.desk}"
