"""``dispute <text>``: a complaint stored for the organiser, who gets it by mail and settles it in the CLI."""

from __future__ import annotations

from pbem.commands.base import CommandContext, PlayerCommand, free_text, handled
from pbem.db import Dispute
from pbem.outcome import Outcome


def handle(context: CommandContext, argument: str) -> Outcome:
    service, session, table, seat, player = (context.service, context.session, context.table, context.seat,
                                             context.player)
    text = argument.strip()
    if not text:
        return context.refuse("empty", "dispute without a text")
    dispute = Dispute(game_id=table.game.id, player_id=player.id, text=text,  # type: ignore[arg-type]
                      created=service.clock.now())
    session.add(dispute)
    session.flush()
    service.audit(session, player.email, "dispute", table.game.id, text[:500])
    letter = service.letters.render(
        "organiser", event="dispute", dispute_id=dispute.id, text=text,
        seat=service.line(table, 0, seat, "", ""), timeouts=table.seats[seat].timeouts,
        **service.base_context(table, seat),
    )
    service.queue(session, "organiser", service.settings.organiser, letter, game_id=table.game.id)
    context.acknowledge("dispute", "", str(dispute.id))
    return handled("dispute")


COMMAND = PlayerCommand(name="dispute", usage=("dispute <text>",), summary="ask the organiser to look at something",
                        read=free_text, handle=handle)
