"""``dispute <text>``: a complaint stored for the organiser, who gets it by mail and settles it in the CLI."""

from __future__ import annotations

from pbem.play.commands.base import CommandContext, N_, PlayerCommand, free_text, handled
from pbem.ops.db import Dispute
from pbem.play.outcome import Outcome


def handle(context: CommandContext, argument: str) -> Outcome:
    service, session, game, seat, player = (context.service, context.session, context.game, context.seat,
                                             context.player)
    text = argument.strip()
    if not text:
        return context.refuse("empty", "dispute without a text")
    dispute = Dispute(game_id=game.id, player_id=player.id, text=text,  # type: ignore[arg-type]
                      created=service.clock.now())
    session.add(dispute)
    session.flush()
    service.audit(session, player.email, "dispute", game.id, text[:500])
    service.mails.to_organiser(
        session, "organiser", "organiser", game.id, event="dispute", dispute_id=dispute.id, text=text,
        seat=service.shown.line(game, 0, seat, "", ""), timeouts=game.seats[seat].timeouts,
        **service.shown.base_context(game, seat), reply_to=player.email,
    )
    context.acknowledge("dispute", "", str(dispute.id))
    return handled("dispute")


COMMAND = PlayerCommand(name="dispute", usage=(N_("dispute <text>"),), summary=N_("ask the organiser to look at something"),
                        read=free_text, handle=handle)
