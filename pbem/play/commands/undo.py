"""``undo``: take back your last turn, if every other human player at the table agrees (:mod:`pbem.play.consent`).

``undo`` alone asks; ``undo yes`` or ``undo no`` (or a reply of just yes or no, in any of pbem's languages, to
the mail that asks) is a vote on another player's ask. The command's first word is accepted in each language,
and a Russian "отменить ход" reads as "undo".
"""

from __future__ import annotations

from pbem.play import consent
from pbem.play.commands.base import CommandContext, N_, PlayerCommand
from pbem.play.outcome import Outcome


def read(rest_of_line: str, _following: str) -> str:
    """"yes" or "no" for a vote; "" for an ask (whatever else follows: "undo my move", "отменить ход")."""
    words = rest_of_line.split()
    return (consent.vote_word(words[0]) or "") if words else ""


def handle(context: CommandContext, argument: str) -> Outcome:
    return consent.vote(context, argument) if argument else consent.ask(context)


COMMAND = PlayerCommand(
    name="undo", aliases=("αναίρεση", "αναιρεση", "visszavon", "visszavonás", "visszavonas", "отменить", "отмена"),
    usage=(N_("undo [yes|no]"),),
    summary=N_("take back your last turn, if every other player agrees and it showed nothing hidden; "
               "\"undo yes\" or \"undo no\" answers another player's"),
    read=read, handle=handle,
    refusals=("undo_nothing", "undo_moved", "undo_revealed", "undo_open", "undo_no_vote", "undo_voted"),
)
