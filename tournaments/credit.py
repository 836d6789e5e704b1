"""Whose result a seat is when someone else finished it: the tournament's ``scoring.substitute_credit``.

A player who leaves a game, or times out until a bot keeps their seat, is
replaced; the organiser may give the seat to another person (``pbem game
replace``). The table's result then says who finished each seat
(:attr:`TableResult.finishers`), and the rule decides whose result it is:

- ``original``: the seat's points and rating go to the player seated there;
- ``substitute``: to the person who finished it (listed in the standings even
  when not registered, and never seated by the tournament);
- ``neither``: the original keeps the place, with no points and no rating
  change, and the substitute gets nothing.

A seat a bot finished is the original player's, and leaves their rating as it
was, whatever the rule: a bot is nobody. Standings and ratings both read the
result this returns, so they always agree.
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.records import TableResult


def credit(result: TableResult, rule: str) -> TableResult:
    """``result`` with each seat credited by ``rule``; unchanged when it does not know its finishers."""
    if not result.finishers:
        return result
    players, unrated, uncredited = list(result.players), set(), set()
    for seat, (original, finisher) in enumerate(zip(result.players, result.finishers)):
        if original in result.forfeited or finisher == original:
            continue
        if finisher is None:
            unrated.add(original)
        elif rule == "substitute" and finisher not in result.players:
            players[seat] = finisher
        elif rule != "original":  # neither (or a substitute already credited with a seat of this table)
            unrated.add(original)
            uncredited.add(original)
    return replace(result, players=tuple(players), substituted=frozenset(unrated), uncredited=frozenset(uncredited))
