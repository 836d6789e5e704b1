"""The reply chain: what happens to a stored mail after the header filter, as a list of named steps.

Like the header filter (:mod:`pbem.mail.inbound.filters`) and Mailman 3's chains,
each step is tiny, named and described, and either passes the mail on (None)
or decides it (an :class:`Outcome`, usually with an answer queued). Two
stages, so each step works on the value it needs:

- :data:`ADDRESS_STEPS` work on an :class:`Arrival` (the mail, nothing known
  yet): was it filtered, does it carry a reply token for a seat that exists,
  is it a mail server's report rather than a reply, does it come from that
  seat's player, and was not found forged by our MX (DMARC). pbem answers only its registered
  players: a stranger's mail is kept and counted, never answered, and a mail
  with a seat's token from another address is kept and told to the seat's own
  player at their registered address (at most ``seat_notices_per_day``
  a day: what mail that is not the player's own may cost has budgets of its
  own, :mod:`pbem.play.budgets`). A mail to pbem's own address that names no
  seat (a reply to the welcome) is decided by :mod:`pbem.play.frontdesk`
  instead. When they all pass, the arrival
  becomes a :class:`Reply`, which has the game, the seat and the player for
  certain, so no later step has to ask whether they exist.
- :data:`REPLY_STEPS` work on the :class:`Reply`: commands, an empty text, a
  game that is not open, a move kept for a later turn, a stale reply, and
  finally the moves read and played.

Adding a check is adding a step to one of the tuples.
"""

from __future__ import annotations

from email import message_from_bytes
from email.policy import compat32

from sqlalchemy import func
from sqlmodel import select

import engine
from engine.notation import normalise
from engine.text import T, Words, separator
from pbem.mail import bounces as reports
from pbem.play import bounces
from pbem.play import budgets, consent, frontdesk, numbered
from pbem.play.commands import COMMANDS
from pbem.play.commands.language import language_written
from pbem.ops.db import Inbound, Player, Seat
from pbem.ops.faults import crash_point
from pbem.mail.inbound import MailKind
from pbem.play.postbox import NOTICE_KINDS, Accepted
from pbem.play.shown import Suggested
from pbem.ops.db import InboundStatus
from pbem.play.outcome import Outcome
from pbem.mail.tokens import read_reply_address

from pbem.play.arrival import Arrival, Reply, Step
from pbem.play.store import Played


# ---------------------------------------------------------------- address steps


def _filtered(arrival: Arrival) -> Outcome | None:
    mail = arrival.mail
    if mail.kind is MailKind.AUTOMATIC or reports.at_return_path(mail.recipients, arrival.service.settings):
        return _automatic(arrival)
    if mail.kind is MailKind.OVERSIZE:
        return _oversize(arrival)
    return None


def _automatic(arrival: Arrival) -> Outcome:
    """Never answered; a bounce among it is counted against the player whose address failed."""
    counted = bounces.read_automatic(arrival.service, arrival.session, arrival.inbound_id, arrival.mail.recipients)
    if counted is None:
        return Outcome(InboundStatus.IGNORED, arrival.mail.reason or "sent to a return path of ours: not answered")
    if counted.player_id is None:  # a bounce, but not at a live return path of ours: counted against nobody
        return Outcome(InboundStatus.IGNORED, counted.reason)
    arrival.bounced = counted.player_id
    return Outcome(InboundStatus.BOUNCE, counted.reason)


def _oversize(arrival: Arrival) -> Outcome:
    mail, service = arrival.mail, arrival.service
    if arrival.sender_player is None or mail.unauthenticated:
        why = mail.unauthenticated or f"from {arrival.from_whom()}, no player"
        return Outcome(InboundStatus.OVERSIZE, f"{mail.reason}; {why}: not answered")
    today, settings = service.clock.now().date(), service.settings
    own = _own_mail(arrival)
    if own:
        allowed = budgets.own(arrival.session, today, mail.sender, settings.robot_answers_per_day)
    else:
        allowed = budgets.unverified(arrival.session, today, settings, mail.sender)
    if not allowed:
        return Outcome(InboundStatus.RATE_LIMITED, mail.reason)
    stored = arrival.session.exec(select(func.length(Inbound.raw)).where(Inbound.id == arrival.inbound_id)).one()
    letter = service.letters.render(
        "oversize", arrival.sender_player.reads, table=settings.domain, original_subject=mail.subject,
        size_kb=int(stored or 0) // 1024, limit_kb=settings.max_message_bytes // 1024,
    )
    # "reply again with just your move": to the seat's address it came to when it was the player's own
    service.mails.queue(arrival.session, "oversize", mail.sender, letter, reply_to=own or service.mails.desk)
    return Outcome(InboundStatus.OVERSIZE, mail.reason)


def _own_mail(arrival: Arrival) -> str:
    """The seat's reply address when a mail the address steps do not read (an oversized one) is the player's
    own: a valid reply token for a seat whose player is the sender, else "". Only then may it spend the
    player's own answer budget."""
    settings, secret = arrival.service.settings, arrival.service.secret
    for address in arrival.mail.recipients:
        found = read_reply_address(address, settings.reply_local, settings.domain, secret)
        if found is None:
            continue
        seated = arrival.session.exec(
            select(Player.email).join(Seat, Seat.player_id == Player.id)  # type: ignore[arg-type]
            .where(Seat.game_id == found.game_id, Seat.seat == found.seat)).first()
        return address if seated is not None and seated == arrival.mail.sender else ""
    return ""


def _to_desk(arrival: Arrival) -> Outcome | None:
    """Mail to pbem's own address (a reply to the welcome): a player's commands without a seat, or a question
    for the organiser; a stranger's is kept unanswered."""
    if not frontdesk.to_desk(arrival):
        return None
    player = arrival.sender_player
    return frontdesk.handle(arrival, lambda game, seat: Reply(arrival, game, seat, player))  # type: ignore[arg-type]


def _addressed(arrival: Arrival) -> Outcome | None:
    settings, secret = arrival.service.settings, arrival.service.secret
    for address in arrival.mail.recipients:
        found = read_reply_address(address, settings.reply_local, settings.domain, secret)
        if found is not None:
            arrival.target = found
            return None
    return arrival.refuse("bad_token", "no valid reply token among the recipients")


def _seat_exists(arrival: Arrival) -> Outcome | None:
    assert arrival.target is not None
    game_id, seat = arrival.target.game_id, arrival.target.seat
    try:
        game = arrival.transaction.load(game_id)
    except KeyError:
        return arrival.refuse("bad_token", f"the token names game {game_id}, which does not exist")
    arrival.game = game
    if seat >= len(game.seats):
        return arrival.refuse("bad_token", f"game {game_id} has no seat {seat + 1}")
    arrival.seat = seat
    return None


def _not_a_bounce(arrival: Arrival) -> Outcome | None:
    """A mail server's report at a seat's reply address is no reply: kept, never answered, counted against nobody.

    Mail servers that lost (or never read) our return path send their report
    to the From or Reply-To of the mail, and some send it with a sender and
    headers no filter recognises. Taken for a reply, it would be "from another
    address" and its seat's player would get a notice about it. It did not come
    to a return path of ours, so it is no evidence that the player's address
    fails either (:mod:`pbem.play.bounces`). Mail from the seat's own player
    is never read as one: that is the hot path, and a player may quote a bounce.
    """
    game, seat = arrival.game, arrival.seat
    assert game is not None and seat is not None
    player = game.player(seat)
    if player is not None and player.email == arrival.mail.sender:
        return None
    raw = arrival.session.exec(select(Inbound.raw).where(Inbound.id == arrival.inbound_id)).one()
    if not reports.delivery_report(message_from_bytes(raw, policy=compat32), arrival.service.settings.domain):
        return None
    return Outcome(InboundStatus.IGNORED, f"{bounces.NOBODY}: {bounces.NOT_OURS} (at the reply address of game {game.id}, "
                              f"seat {seat + 1}, from {arrival.mail.sender or 'nobody'}): not answered")


def _authenticated(arrival: Arrival) -> Outcome | None:
    """A mail our MX's word makes no one's is no one's reply, whatever address it names: kept, never answered
    (its From is the one thing it does not prove), and the seat's player told as for a wrong sender. That is a
    From our MX found forged (DMARC failed), a verdict about another domain than the From's (the From's own was
    never checked), and a From of several senders (DMARC vouches for one: with two, the player's address
    beside an attacker's would pass on the attacker's domain). Without an ``authserv_id`` the mail passes on;
    with one but no DMARC verdict (no header of our MX) too."""
    mail = arrival.mail
    if not mail.unauthenticated:
        return None
    reason = f"mail from {arrival.from_whom()}"
    told = _tell_seat(arrival, "several_senders" if mail.several_senders else "unauthenticated")
    return Outcome(InboundStatus.UNAUTHENTICATED, f"{reason}: {mail.unauthenticated}: kept, not answered; {told}")


def _from_seat_player(arrival: Arrival) -> Outcome | None:
    game, seat = arrival.game, arrival.seat
    assert game is not None and seat is not None
    player, sender = game.player(seat), arrival.mail.sender
    if player is not None and player.email == sender:
        arrival.player = player
        arrival.touched = player.bounce_hold  # lifting it gives the seat a fresh deadline
        bounces.replied(arrival.service, arrival.session, player, game.id)  # their address works again
        return None
    reason = f"sender {arrival.from_whom()} is not the seat's player"
    told = _tell_seat(arrival, "several_senders" if arrival.mail.several_senders else "wrong_sender")
    if arrival.sender_player is not None:  # another registered player used this seat's address: tell them too
        arrival.refuse("wrong_sender", reason, address=sender)
    return Outcome(InboundStatus.WRONG_SENDER, f"{reason}: kept; {told}")


def _tell_seat(arrival: Arrival, why: str) -> str:
    """Tell the seat's human player at their registered address that a mail for their seat was not theirs
    (``why``: wrong_sender, from another address; unauthenticated, in their name but forged), within the
    budget of mail pbem cannot verify; say what was done."""
    game, seat = arrival.game, arrival.seat
    assert game is not None and seat is not None
    player = game.player(seat)
    if player is None or not game.human(seat):
        return "the seat has no player to tell"
    service = arrival.service
    if not budgets.unverified(arrival.session, service.clock.now().date(), service.settings, player.email, game.id,
                              seat):
        return "the seat's player was not told: today's notices for the seat or the address are sent"
    service.mails.send_to_seat(arrival.session, game, seat, "sender_notice", sender=arrival.mail.sender, why=why,
                               own_address=player.email, limit=service.settings.seat_notices_per_day)
    return "the seat's player was told"


ADDRESS_STEPS: tuple[Step[Arrival], ...] = (
    Step("filtered", "automatic mail, and any mail to a return path of ours, is kept unanswered (a bounce at a "
         "mail's live return path is counted against that mail's recipient, any other against nobody); an "
         "oversized one from a player gets one short answer",
         _filtered),
    Step("to-pbem", "mail to pbem's own address and no seat's: a join from anyone goes to the sign-ups (one "
         "confirmation at most); a registered player's commands that need no seat are answered, anything else is "
         "forwarded to the organiser once, within the budget of mail pbem cannot verify; a stranger's is kept "
         "unanswered", _to_desk),
    Step("addressed", "a recipient carries a valid reply token (game, seat, HMAC)", _addressed),
    Step("seat-exists", "the token's game and seat exist", _seat_exists),
    Step("not-a-bounce", "a mail server's delivery report at a seat's reply address is kept, never answered, and "
         "counted against nobody (it did not come to a return path of ours)", _not_a_bounce),
    Step("authenticated", "our MX did not find the From forged (DMARC failed, in the trusted "
         "Authentication-Results header); if it did, the mail is kept unanswered and the seat's player is told at "
         "their address", _authenticated),
    Step("from-seat-player", "the sender is the seat's player; if not, the mail is kept and the seat's own player "
         "is told at their address", _from_seat_player),
)


# ---------------------------------------------------------------- reply steps


def _language_guessed(reply: Reply) -> Outcome | None:
    """A player who has no language yet reads the one their reply is clearly written in, from this answer on."""
    player = reply.player
    if player.language:
        return None
    guessed = language_written(reply.text)
    if guessed is not None:
        player.language = guessed
        reply.service.audit(reply.session, "service", "language guessed", reply.game.id,
                            f"{player.email}: {guessed}, from the reply's text")
    return None


def _command(reply: Reply) -> Outcome | None:
    command = COMMANDS.read_mail(reply.mail.subject, reply.text)
    if command is None:
        return None
    limit = reply.service.settings.commands_per_day
    if _commands_today(reply) >= limit:  # kept, neither answered nor passed on: a flood of says stays here
        return Outcome(InboundStatus.RATE_LIMITED, f"{command.name}: {limit} commands today already from {reply.player.email}")
    return COMMANDS.handle(reply, command)


def _undo_vote(reply: Reply) -> Outcome | None:
    """A reply that starts with yes or no (in any of pbem's languages) from a seat asked to vote on another
    player's undo is its vote (:mod:`pbem.play.consent`); from any other seat it is read on as usual."""
    first = reply.text.strip().split(maxsplit=1)
    answer = consent.vote_word(first[0]) if first else None
    if answer is None or not consent.awaits_vote(reply.session, reply.game.id, reply.seat):
        return None
    return consent.vote(reply, answer)


def _commands_today(reply: Reply) -> int:
    """The player's commands handled since midnight UTC, counted from the stored mail itself."""
    now = reply.service.clock.now()
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    counted = reply.session.exec(
        select(func.count()).select_from(Inbound)
        .where(Inbound.player_id == reply.player.id, Inbound.status == InboundStatus.COMMAND, Inbound.received >= midnight)
    ).one()
    return int(counted or 0)


def _has_text(reply: Reply) -> Outcome | None:
    if reply.text.strip():
        return None
    return reply.refuse("empty", "no text left after quotes and signatures")


def _game_open(reply: Reply) -> Outcome | None:
    game = reply.game
    if game.row.status == "paused":
        return reply.refuse("paused", "the organiser paused the game")
    if game.row.status != "active" or not game.due():
        return reply.refuse("game_over", "the game is over")
    return None


MADE_AT_DEADLINE = ("timeout", "bot")
"""How a move the deadline made for a seat is logged: by the timeout policy, or by the bot that keeps the seat."""


def _timed_out(reply: Reply) -> Outcome | None:
    """Refuse a reply to a decision the deadline made, saying what was played for the seat.

    It was written for that decision: kept for a later turn or played on the next one (China's next
    decision is often of the same kind), it would answer a question nobody asked the player.
    """
    game, asked = reply.game, _asked(reply)
    if asked is None and game.seats[reply.seat].awaiting:
        return None  # it answers the decision open now
    made = _answer(reply, asked)
    if not made or made[0].source not in MADE_AT_DEADLINE:
        return None
    said = reply.service.shown.words(game, reply.seat)
    played = separator(said).join(said.move(move.notation) for move in made)
    return reply.refuse("timed_out", f"its decision was made at the deadline: {', '.join(m.notation for m in made)}",
                        detail=played)


def _held_for_later(reply: Reply) -> Outcome | None:
    """Keep moves sent before the seat's turn for that turn, hidden from every other seat, and say so.

    A reply to a mail whose decision the seat has already made (its latest
    or an older one) is such a reply too, and its sender is told at once that
    it is kept rather than taken as a change of that answer; the same answer
    again is a duplicate, refused by the in-turn step. (A reply to an older
    mail while the seat owes a newer decision is refused there as stale: its
    moves were meant for a decision gone by, and the newest prompt waits.)
    """
    game, seat = reply.game, reply.seat
    if seat in game.rules.to_act(game.state) or not game.human(seat) or reply.arrival.transaction.retried:
        return None  # a bot plays the seat now; a reply that lost a race for the turn was meant for that turn
    said = reply.service.shown.words(game, seat)
    try:
        reading = game.rules.ahead(reply.text, said)
    except engine.MoveError as exc:  # a kept line that could never be played: refused now, not at the turn
        return _move_error(reply, said, exc)
    if not reading.ahead or _repeats_answer(reply, reading.ahead):
        return None
    kept = "\n".join(reading.ahead)
    replaced = reply.service.turns.hold(reply.session, game, seat, kept, reply.arrival.inbound_id)
    asked = _asked(reply)
    made = _made(reply, asked) if asked is not None else []
    if reply.player.notify == "each" or made:
        # Told at once: every acceptance is for a player who chose notify each; and a second, different answer
        # to a decision already made may be meant to change it, which no reply can: its sender must know now
        # that it is kept for their next turn instead, not learn it when it is played there (#28).
        joined = separator(said)
        reply.acknowledge("early", kept.replace("\n", joined), ", ".join(reply.waiting()),
                          replaced=replaced.text.replace("\n", joined) if replaced else "",
                          ignored=list(reading.ignored), next_after=reply.service.mails.next_after(game, seat),
                          answered=joined.join(said.move(notation) for notation in made))
    else:  # folded into the seat's next mail, like the confirmation of a reply
        reply.service.mails.confirm(reply.session, game, seat, Accepted((), reading.ahead, reading.ignored), [])
    return Outcome(InboundStatus.HELD, f"kept for seat {seat + 1}'s turn")


def _numbered(reply: Reply) -> Outcome | None:
    """A reply of only a number plays that move of the decision it answers (:mod:`pbem.play.numbered`)."""
    notation = getattr(reply.game.rules, "NOTATION", None)  # a game without a notation's vocabulary: digits only
    said = reply.service.shown.words(reply.game, reply.seat)
    written = numbered.number(reply.text, said, getattr(notation, "VOCABULARY", None),
                              legal=lambda text: numbered.reads_as(
                                  reply.game.rules, reply.game.state, reply.seat, said, text))
    if written is None:
        return None
    found = numbered.chosen(reply, written)
    if found is None:  # refused as any reply to a decision no longer open
        return _in_turn(reply) or reply.refuse("stale", "decision no longer open")
    if found.move is None:
        said = reply.service.shown.words(reply.game, reply.seat)
        return reply.refuse("move_error", f"no move {written}", detail=said.say(T(
            "there is no move %(number)s: this decision's moves are numbered 1 to %(count)s",
            number=written, count=found.count)))
    return _played(reply, engine.Reading([found.move]))


def _in_turn(reply: Reply) -> Outcome | None:
    stale, due = _stale(reply), reply.game.rules.to_act(reply.game.state)
    if not stale and reply.seat in due:
        return None
    newer = stale and reply.game.seats[reply.seat].awaiting  # a later prompt waits for this seat: answer that one
    why = "lost_race" if reply.arrival.transaction.retried else ("stale" if newer else "not_your_turn")
    service, game = reply.service, reply.game
    turn = ", ".join(service.letters.snippet("seat", reply.player.reads, line=service.shown.line(game, 0, seat, "", ""))
                     for seat in due)
    return reply.refuse(why, "decision no longer open", detail=turn if why == "not_your_turn" else "")


def _stale(reply: Reply) -> bool:
    """Whether this reply answers our decision mail after the seat was asked something newer (or answered it)."""
    asked, seat = _asked(reply), reply.game.seats[reply.seat]
    return asked is not None and (asked < seat.prompted_seq or not seat.awaiting)


def _repeats_answer(reply: Reply, sent_lines: tuple[str, ...]) -> bool:
    """Whether a reply from a seat that owes nothing repeats the moves it already made for the decision the
    mail it answers asked (its latest or an older one): a client sending an answer twice, no answer for the
    seat's next turn."""
    asked = _asked(reply)
    if asked is None:
        return False
    said = reply.service.shown.words(reply.game, reply.seat)
    made = [normalise(notation) for notation in _made(reply, asked)]
    sent = [normalise(said.english(normalise(line))) for line in sent_lines]
    return bool(made) and sent[:len(made)] == made


def _made(reply: Reply, asked: int | None = None) -> list[str]:
    """The moves (notation) the seat made answering the decision asked when the log held ``asked`` moves."""
    return [move.notation for move in _answer(reply, asked)]


def _answer(reply: Reply, asked: int | None = None) -> list[Played]:
    """The moves the seat made answering the decision asked when the log held ``asked`` moves (None: its
    latest decision mail): for its latest, every move of the seat since; for an older one, the seat's first
    run of moves after it (its answer then, before anyone else moved again)."""
    game, seat = reply.game, reply.game.seats[reply.seat]
    since = seat.prompted_seq if asked is None else asked
    after = [move for move in (*game.log, *game.played) if move.seq > since]
    if since >= seat.prompted_seq:
        return [move for move in after if move.seat == reply.seat]
    run: list[Played] = []
    for move in after:
        if move.seat == reply.seat:
            run.append(move)
        elif run:
            break
    return run


def _asked(reply: Reply) -> int | None:
    """The decision (moves in the log when it was asked) of our mail this reply answers, or None when it
    answers the seat's latest mail or no mail that asked a decision.

    The mail it answers is found from ``In-Reply-To``/``References``, or, when
    a client dropped them, from the decision its reply address names.
    """
    mail, seat = reply.mail, reply.game.seats[reply.seat]
    if seat.awaiting and mail.in_reply_to and f"<{mail.in_reply_to}>" == seat.last_message_id:
        return None  # the seat's latest mail, sent since its prompt: nothing newer was asked
    ours = numbered.answered(reply)
    if ours is not None:
        return ours.seq if ours.kind in NOTICE_KINDS else None
    return reply.arrival.target.asked if reply.arrival.target is not None else None


def _played(reply: Reply, reading: engine.Reading | None = None) -> Outcome:
    """Read the moves (unless ``reading`` already holds them) and play them; any line that does not read refuses
    them all.

    Lines after the seat's last owed decision that are not moves (a greeting, a
    signature) are no reason to refuse: they are listed in the next mail.
    """
    service, game, seat = reply.service, reply.game, reply.seat
    said = service.shown.words(game, seat)
    try:
        reading = reading or game.rules.read(reply.text, game.rules.clone(game.state), seat, said)
    except engine.MoveError as exc:  # an IllegalMove too: its headline says the move is not legal
        return _move_error(reply, said, exc)
    moves = reading.moves
    shown = service.mails.shows(game, seat, moves)
    drew = service.shown.drawn(game, seat, moves) if shown else ""
    try:
        for move in moves:
            service.turns.play(reply.session, game, seat, move, "email", reply.arrival.inbound_id)
    except engine.IllegalMove as exc:  # the state was changed in place: start again from the committed game
        reply.session.rollback()
        reply.arrival.game = reply.arrival.transaction.reload(game.id)
        _language_guessed(reply)  # the rollback undid the guess too: the refusal is written in the reply's language
        return reply.refuse("illegal", str(exc), detail=said.say(exc.reason))
    if reading.ahead:  # lines for the seat's next turn: kept for it, replacing what was kept before
        service.turns.hold(reply.session, game, seat, "\n".join(reading.ahead), reply.arrival.inbound_id)
    service.advance(reply.session, game, replier=seat, understood=[played.notation for played in game.played],
                    ignored=reading.ignored, kept=reading.ahead, shown=shown, drew=drew)
    crash_point(service.settings, "after_apply")
    return Outcome(InboundStatus.APPLIED, "", moves=len(moves))


def _move_error(reply: Reply, said: Words, exc: engine.MoveError) -> Outcome:
    """The refusal of a reply with a line that cannot be used: why, in which line, what is asked, the closest moves;
    its headline says whether the line was not understood or was understood and is not legal now."""
    reason = said.say(exc.reason)
    detail = said.say(T("%(reason)s (in the line \"%(line)s\")", reason=reason, line=exc.line)) if exc.line else reason
    why = ("unsure" if isinstance(exc, engine.AmbiguousMove) and exc.suggestions  # read by meaning as several moves
           else "illegal" if exc.understood else "move_error")  # an understood move the rules refuse now is not legal
    return reply.refuse(why, str(exc.reason), detail=detail,
                        suggestions=[Suggested(said.move(move)) for move in exc.suggestions],
                        expected=reply.service.shown.explained(said, exc.expected),
                        refused=[(said.move(line), said.say(why)) for line, why in exc.refused])


REPLY_STEPS: tuple[Step[Reply], ...] = (
    Step("language-guessed", "a player without a language gets the one their reply is clearly written in "
         "(Greek, Hungarian, Russian), so the answer is already in it; a chosen language is never guessed over",
         _language_guessed),
    Step("command", "a first line that is a player command runs it (up to commands_per_day a day)", _command),
    Step("undo-vote", "a reply that starts with yes or no from a seat asked to vote on an undo is its vote",
         _undo_vote),
    Step("has-text", "something is left after quotes and signatures", _has_text),
    Step("game-open", "the game is neither paused nor over", _game_open),
    Step("timed-out", "a reply to a decision the deadline made is refused, saying what was played", _timed_out),
    Step("numbered", "a reply of only a number plays that numbered move of the decision it answers, if that "
         "decision is still open", _numbered),
    Step("held-for-later", "moves sent before the seat's turn are kept for it, hidden, and played when it comes "
         "(unless that decision says a kept answer may not serve it)", _held_for_later),
    Step("in-turn", "the seat owes a decision and the reply answers the current one", _in_turn),
)


def run(arrival: Arrival) -> Outcome:
    """Run the mail through both stages; the last reply step reads and plays its moves."""
    for address_step in ADDRESS_STEPS:
        outcome = address_step(arrival)
        if outcome is not None:
            return outcome
    assert arrival.game is not None and arrival.seat is not None and arrival.player is not None
    reply = Reply(arrival, arrival.game, arrival.seat, arrival.player)
    for reply_step in REPLY_STEPS:
        outcome = reply_step(reply)
        if outcome is not None:
            return outcome
    return _played(reply)
