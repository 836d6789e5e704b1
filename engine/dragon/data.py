"""The rulebook's numbers, loaded once from ``data.json`` into read-only tables.

Person tiles are small integers (``code = 2 * type index + 1 if old``) so that a
palace is a tuple of ints and symbol counts are table look-ups: the engine
plays thousands of games a second, and every number still comes from the data
file, never from code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))


@dataclass(frozen=True, slots=True)
class PersonKind:
    """One pile of person tiles: a type at one level (young or old)."""

    code: int
    type_id: str
    type_index: int
    old: bool
    symbol: str
    symbols: int
    value: int
    label: str  # "craftsman", "young farmer", "old farmer"


def _kinds() -> tuple[PersonKind | None, ...]:
    kinds: list[PersonKind | None] = []
    for index, spec in enumerate(_DATA["person_types"]):
        two_level = spec["old"] is not None
        for old in (False, True):
            level = spec["old"] if old else spec["young"]
            if level is None:
                kinds.append(None)
                continue
            words = spec["id"].replace("_", " ")
            label = f"{'old' if old else 'young'} {words}" if two_level else words
            kinds.append(PersonKind(2 * index + old, spec["id"], index, old, spec["symbol"],
                                    level["symbols"], level["value"], label))
    return tuple(kinds)


ROUNDS: int = _DATA["rounds"]
MIN_PLAYERS: int = min(_DATA["players"])
MAX_PLAYERS: int = max(_DATA["players"])
START_YUAN: int = _DATA["start"]["yuan"]
START_PALACES: tuple[int, ...] = tuple(_DATA["start"]["palaces"])
STARTING_PERSONS: int = _DATA["start"]["starting_persons"]
MAX_FLOORS: int = _DATA["palace_max_floors"]

TYPES: tuple[str, ...] = tuple(spec["id"] for spec in _DATA["person_types"])
TYPE_NAMES: dict[str, str] = {spec["id"]: spec["name"] for spec in _DATA["person_types"]}
TYPE_INDEX: dict[str, int] = {t: i for i, t in enumerate(TYPES)}
TWO_LEVEL: tuple[bool, ...] = tuple(spec["old"] is not None for spec in _DATA["person_types"])
TYPE_OF_SYMBOL: dict[str, int] = {spec["symbol"]: i for i, spec in enumerate(_DATA["person_types"])}

KINDS: tuple[PersonKind | None, ...] = _kinds()
CODES: tuple[int, ...] = tuple(k.code for k in KINDS if k is not None)
SYMBOLS: tuple[int, ...] = tuple(k.symbols if k else 0 for k in KINDS)
VALUE: tuple[int, ...] = tuple(k.value if k else 0 for k in KINDS)
LABEL: tuple[str, ...] = tuple(k.label if k else "" for k in KINDS)
CODE_OF_LABEL: dict[str, int] = {k.label: k.code for k in KINDS if k is not None}
WILD = "wild"
CARD_INDEX: dict[str, int] = {**TYPE_INDEX, WILD: len(TYPES)}
CARDS: tuple[str, ...] = (*TYPES, WILD)
HAND: tuple[int, ...] = tuple(_DATA["person_cards"].count(card) for card in CARDS)

ACTIONS: tuple[str, ...] = tuple(a["id"] for a in _DATA["actions"])
ACTION_NAMES: dict[str, str] = {a["id"]: a["name"] for a in _DATA["actions"]}
ACTION_BASE: dict[str, int] = {a["id"]: a["base"] for a in _DATA["actions"]}
ACTION_BONUS_TYPE: dict[str, int] = {
    a["id"]: TYPE_OF_SYMBOL[a["bonus_symbol"]] for a in _DATA["actions"] if a["bonus_symbol"]
}
ACTION_SYMBOL: dict[str, str] = {a["id"]: a["bonus_symbol"] for a in _DATA["actions"] if a["bonus_symbol"]}
"""The symbol printed on each action card, its bonus persons' ("the card with the book": research)."""
PRIVILEGE_ACTION = "privilege"
SMALL_COST: int = _DATA["privileges"]["small"]["cost"]
SMALL_VP: int = _DATA["privileges"]["small"]["vp_per_round"]
LARGE_VP: int = _DATA["privileges"]["large"]["vp_per_round"]
DEFAULT_LARGE_COST: int = _DATA["privileges"]["large"]["cost"]
LARGE_COSTS: tuple[int, ...] = tuple(_DATA["large_privilege_costs"])
GROUP_SIZES: dict[int, tuple[int, ...]] = {int(k): tuple(v) for k, v in _DATA["action_group_sizes"].items()}
OCCUPIED_FEE: int = _DATA["occupied_group_fee"]
PASS_TOPS_UP_TO: int = _DATA["pass_tops_up_to"]

EVENTS: tuple[str, ...] = tuple(e["id"] for e in _DATA["events"])
EVENT_NAMES: dict[str, str] = {e["id"]: e["name"] for e in _DATA["events"]}
EVENT_COUNTS: dict[str, int] = {e["id"]: e["count"] for e in _DATA["events"]}
FIXED_MONTHS: tuple[str, ...] = tuple(_DATA["fixed_months"])
TRIBUTE_COST: int = _DATA["tribute_cost"]
CONTAGION_LOSSES: int = _DATA["contagion_losses"]
FESTIVAL_FIRST: int = _DATA["festival_vp"]["first"]
FESTIVAL_SECOND: int = _DATA["festival_vp"]["second"]
VP_PER_PERSON: int = _DATA["final"]["vp_per_person"]
YUAN_PER_RICE: int = _DATA["final"]["yuan_per_rice"]
YUAN_PER_FIREWORKS: int = _DATA["final"]["yuan_per_fireworks"]
YUAN_PER_VP: int = _DATA["final"]["yuan_per_vp"]

MONK: int = TYPE_INDEX["monk"]
COURT_LADY: int = TYPE_INDEX["court_lady"]
HEALER: int = TYPE_INDEX["healer"]
WARRIOR: int = TYPE_INDEX["warrior"]
CRAFTSMAN: int = TYPE_INDEX["craftsman"]


def tile_supply(players: int) -> list[int]:
    """Tiles per kind code at the start of a game for ``players`` (section 2.2)."""
    supply = [0] * len(KINDS)
    two = _DATA["tile_supply"]["two_level"][str(players)]
    single = _DATA["tile_supply"]["single_level"][str(players)]
    for index, two_level in enumerate(TWO_LEVEL):
        if two_level:
            supply[2 * index] = two["young"]
            supply[2 * index + 1] = two["old"]
        else:
            supply[2 * index] = single
    return supply


def kind_codes(type_index: int) -> tuple[int, ...]:
    """The kind codes (young, and old if it exists) of a person type."""
    return (2 * type_index, 2 * type_index + 1) if TWO_LEVEL[type_index] else (2 * type_index,)
