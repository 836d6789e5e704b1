"""``leave``: a player leaves a tournament's rounds to come, after confirming it.

It is what every mail's ``List-Unsubscribe`` reaches: a mail to the seat's
reply address (or pbem's own) with the subject ``leave``. The first ``leave``
changes nothing: it answers at the player's registered address with a token
and asks for ``leave confirm TOKEN``. So a mail program's one click, or
anyone who puts the player's address in a From, cannot drop them: only who
reads the player's mail can confirm. The token answers that one ask
(:mod:`pbem.play.confirmations`): it works once, for ``confirm_days``, and
not after a newer ``leave`` or after the organiser registered the player again,
so an old mail read later by someone else drops nobody. From a seat's reply address it leaves
that game's tournament; from pbem's own, every tournament the player is in.
The games under way go on (their deadlines and the timeout policy as
before); the next round is seated without them; the organiser is told.
"""

from __future__ import annotations

from pbem.play import confirmations
from pbem.play.commands.base import CommandContext, N_, PlayerCommand, PlayerContext, UnseatedContext, handled
from pbem.play.memberships import Membership
from pbem.play.outcome import Outcome

CONFIRM = "confirm"


def read(rest_of_line: str, _following: str) -> str:
    """"" for a first ``leave``; ``confirm TOKEN`` (the token as written) for a confirmation; anything else
    is kept as written, for the handler to refuse."""
    words = rest_of_line.split()
    if words and words[0].lower().rstrip(".!:,") == CONFIRM:
        return " ".join([CONFIRM, *words[1:2]])
    return " ".join(words)


REFUSED = {"unknown": "leave_bad_token", confirmations.USED: "leave_used", confirmations.REPLACED: "leave_replaced",
           confirmations.VOID: "leave_void", "expired": "leave_expired"}
"""Why a token confirms nothing -> the refusal the player reads."""


def _leave(context: PlayerContext, scope: list[Membership], argument: str) -> Outcome:
    """Ask to confirm, or, confirmed with the token of the player's pending ask, leave what that ask named
    and the player is still in."""
    service, player, session = context.service, context.player, context.session
    assert player.id is not None
    if not argument:
        if not scope:
            return context.refuse("leave_nothing", f"leave from {player.email}: in no tournament to leave")
        names = [m.name for m in scope]
        token = confirmations.ask(session, player.id, "leave", ",".join(str(m.tournament_id) for m in scope),
                                  service.clock.now(), service.settings.confirm_days)
        service.audit(session, player.email, "leave asked", None, f"tournaments {', '.join(names)}")
        context.acknowledge("leave", "asked", token, tournaments=names, days=service.settings.confirm_days)
        return handled("leave")
    given = argument.removeprefix(CONFIRM).strip()
    if not argument.startswith(CONFIRM) or not given:
        return context.refuse("leave_bad_token", f"leave {argument!r} from {player.email}: not a confirmation")
    taken = confirmations.take(session, player.id, "leave", given, service.clock.now())
    if taken.why:
        return context.refuse(REFUSED[taken.why], f"leave {argument!r} from {player.email}: token {taken.why}")
    asked = set(taken.scope.split(","))
    still = [m for m in service.memberships.entered(session, player.id) if str(m.tournament_id) in asked]
    if not still:
        return context.refuse("leave_nothing", f"leave from {player.email}: in none of the tournaments asked")
    names = [m.name for m in still]
    for membership in still:
        service.memberships.leave(session, membership, player, player.email)
    service.audit(session, player.email, "leave", None, f"tournaments {', '.join(names)}")
    context.acknowledge("leave", "done", "", tournaments=names)
    return handled("leave")


def handle(context: CommandContext, argument: str) -> Outcome:
    """From a seat's reply address: the tournament this game is a table of."""
    found = context.service.memberships.of_game(context.session, context.game.id or 0, context.player.id or 0)
    return _leave(context, [found] if found else [], argument)


def unseated(context: UnseatedContext, argument: str) -> Outcome:
    """From pbem's own address: every tournament the player is in."""
    return _leave(context, context.service.memberships.entered(context.session, context.player.id or 0), argument)


COMMAND = PlayerCommand(
    name="leave", usage=("leave",),
    summary=N_("leave the tournament: you play no round after the one under way (you are asked to confirm)"),
    read=read, handle=handle, refusals=("leave_nothing", *REFUSED.values()), unseated=unseated,
    by_subject=True,
)
