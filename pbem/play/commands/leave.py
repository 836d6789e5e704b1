"""``leave``: a player leaves a tournament's rounds to come, after confirming it.

It is what every mail's ``List-Unsubscribe`` reaches: a mail to the seat's
reply address (or pbem's own) with the subject ``leave``. The first ``leave``
changes nothing: it answers at the player's registered address with a token
and asks for ``leave confirm TOKEN``. So a mail program's one click, or
anyone who puts the player's address in a From, cannot drop them: only who
reads the player's mail can confirm. From a seat's reply address it leaves
that game's tournament; from pbem's own, every tournament the player is in.
The games under way go on (their deadlines and the timeout policy as
before); the next round is seated without them; the organiser is told.
"""

from __future__ import annotations

import hashlib
import hmac

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


def token(context: PlayerContext, scope: list[Membership]) -> str:
    """What proves a confirmation answers this player's leave of these tournaments: their key over both."""
    service, player = context.service, context.player
    ids = ",".join(str(m.tournament_id) for m in scope)
    return hmac.new(service.secret.encode(), f"leave:{player.id}:{ids}".encode(), hashlib.sha256).hexdigest()[:10]


def _leave(context: PlayerContext, scope: list[Membership], argument: str) -> Outcome:
    """Ask to confirm, or, confirmed with the right token, leave every tournament of ``scope``."""
    service, player = context.service, context.player
    names = [m.name for m in scope]
    if not scope:
        return context.refuse("leave_nothing", f"leave from {player.email}: in no tournament to leave")
    expected = token(context, scope)
    if not argument:
        service.audit(context.session, player.email, "leave asked", None, f"tournaments {', '.join(names)}")
        context.acknowledge("leave", "asked", expected, tournaments=names)
        return handled("leave")
    given = argument.removeprefix(CONFIRM).strip()
    if not argument.startswith(CONFIRM) or not hmac.compare_digest(given.lower().encode(), expected.encode()):
        return context.refuse("leave_bad_token", f"leave {argument!r} from {player.email}: not the token asked")
    for membership in scope:
        service.memberships.leave(context.session, membership, player, player.email)
    service.audit(context.session, player.email, "leave", None, f"tournaments {', '.join(names)}")
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
    read=read, handle=handle, refusals=("leave_nothing", "leave_bad_token"), unseated=unseated,
    by_subject=True,
)
