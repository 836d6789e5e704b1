"""Phase 3 and 4: the monthly event, decay and scoring (sections 7, 9 and 10).

Events only set what each player owes; choosing whom to release is a
decision that ``engine.dragon.flow`` asks for in turn order. Every count an
event uses is taken for all players before anyone releases anyone (D-16).
"""

from __future__ import annotations

from engine.dragon import data
from engine.dragon.state import (
    FESTIVAL, LADIES, MONEY, MONGOLS, MONKS, PALACES, PERSONS, PRIVILEGES, DragonState, Player,
)


def _tribute(state: DragonState) -> None:
    """Pay 4 yuan; one person per missing yuan (D-15)."""
    for seat, player in enumerate(state.players):
        paid = min(data.TRIBUTE_COST, player.yuan)
        player.yuan -= paid
        state.owed[seat] = min(data.TRIBUTE_COST - paid, player.persons())


def _drought(state: DragonState) -> None:
    """One rice per inhabited palace; one person from each palace left unfed."""
    for seat, player in enumerate(state.players):
        inhabited = tuple(i for i, (_, persons) in enumerate(player.palaces) if persons)
        paid = min(len(inhabited), player.rice)
        player.rice -= paid
        state.owed[seat] = len(inhabited) - paid
        if state.owed[seat]:
            state.unfed[seat] = inhabited


def _contagion(state: DragonState) -> None:
    """Three persons each, one fewer per mortar."""
    for seat, player in enumerate(state.players):
        state.owed[seat] = min(max(0, data.CONTAGION_LOSSES - player.symbols(data.HEALER)), player.persons())


def _mongols(state: DragonState) -> None:
    """A point per helmet; the fewest helmets (0 counts, D-18) lose a person."""
    helmets = [player.symbols(data.WARRIOR) for player in state.players]
    fewest = min(helmets)
    for seat, player in enumerate(state.players):
        player.gain(MONGOLS, helmets[seat])
        if helmets[seat] == fewest:
            state.owed[seat] = min(1, player.persons())


def festival_points(fireworks: list[int]) -> list[int]:
    """Dense ranking over positive counts: most 6, next distinct count 3 (D-17)."""
    counts = sorted({n for n in fireworks if n > 0}, reverse=True)
    prize = dict(zip(counts, (data.FESTIVAL_FIRST, data.FESTIVAL_SECOND)))
    return [prize.get(n, 0) for n in fireworks]


def _festival(state: DragonState) -> None:
    """Scorers return half their fireworks, rounded up."""
    points = festival_points([player.fireworks for player in state.players])
    for player, won in zip(state.players, points):
        if won:
            player.gain(FESTIVAL, won)
            player.fireworks //= 2


def _peace(state: DragonState) -> None:
    """Nothing happens; decay and scoring still follow."""


RESOLVE = {
    "peace": _peace,
    "tribute": _tribute,
    "drought": _drought,
    "contagion": _contagion,
    "mongols": _mongols,
    "festival": _festival,
}


def resolve_event(state: DragonState) -> None:
    """This month's event: payments and points now, releases owed afterwards."""
    RESOLVE[state.events[state.round - 1]](state)


def decay(player: Player) -> None:
    """Every palace without a person loses a floor; a one-floor palace disappears (section 9)."""
    player.palaces = [(floors if persons else floors - 1, persons)
                      for floors, persons in player.palaces if persons or floors > 1]


def score_round(player: Player) -> None:
    """Palaces, court ladies and privilege dragons (section 10.1)."""
    lady = 2 * data.COURT_LADY
    player.gain(PALACES, len(player.palaces))
    player.gain(LADIES, sum(persons.count(lady) for _, persons in player.palaces))
    player.gain(PRIVILEGES, data.SMALL_VP * player.small + data.LARGE_VP * player.large)


def final_points(player: Player) -> tuple[int, int, int]:
    """Persons, monks and money of section 10.2, without changing the player."""
    persons = player.persons() * data.VP_PER_PERSON
    monk_codes = data.kind_codes(data.MONK)
    monks = sum(data.SYMBOLS[code] * floors
                for floors, tiles in player.palaces for code in tiles if code in monk_codes)
    yuan = player.yuan + data.YUAN_PER_RICE * player.rice + data.YUAN_PER_FIREWORKS * player.fireworks
    return persons, monks, yuan // data.YUAN_PER_VP


def score_final(player: Player) -> None:
    persons, monks, money = final_points(player)
    player.gain(PERSONS, persons)
    player.gain(MONKS, monks)
    player.gain(MONEY, money)
