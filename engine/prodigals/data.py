"""The Prodigals Club component data, loaded once from ``components.json``.

Much of the file is a labelled reconstruction of components printed only as
pictures, so every number and every card effect the engine uses is read from
it here; a corrected transcription replaces the file and nothing else. Card
effects stay in the file's effect vocabulary (plain JSON objects) and are
executed by the one interpreter in :mod:`engine.prodigals.effects`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

Effect = dict[str, Any]
"""One effect in the data file's vocabulary: a JSON object with an ``op``."""

COMPETITIONS = ("P", "E", "S")
"""The competition ids in the order of the rulebook's disadvantage list."""

COMPETITION_NAMES = {"P": "possessions", "E": "election", "S": "society"}

OP_COMPETITION = {
    "lose_vote": "E",
    "gain_vote": "E",
    "megaphone": "E",
    "political_tile": "E",
    "group_play": "E",
    "closed_circle_bonus": "E",
    "spend": "P",
    "take_money": "P",
    "sell": "P",
    "exchange": "P",
    "move": "S",
    "row_down": "S",
    "column_down": "S",
    "jump": "S",
}
"""Which competition each scoring op belongs to, so absent competitions can be skipped."""


def op_competition(effect: Effect) -> str | None:
    """The competition an effect scores in (``with_lmt`` takes its base's), or None for a structural op."""
    if effect["op"] == "with_lmt":
        return op_competition(effect["base"])
    return OP_COMPETITION.get(effect["op"])


def slug(text: str) -> str:
    """A name as a player types it in a reply: lower case words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


@dataclass(frozen=True)
class Card:
    """One physical card; copies of a printed card get their own ``uid``."""

    uid: str
    id: str
    name: str
    slug: str
    deck: str  # "P", "E", "S" or "C" (central)
    border: str  # "white" or "black"
    stage: str
    tag: str | None
    effect: Effect | None
    action: Effect | None
    trigger: dict[str, Any] | None


@dataclass(frozen=True)
class Possession:
    id: str
    symbol: str
    value: int
    borough: str


@dataclass(frozen=True)
class PoliticalTile:
    id: str
    edges: tuple[str, str, str, str]  # north, east, south, west as printed


@dataclass(frozen=True)
class CardSet:
    id: str
    cards_by_round: dict[int, dict[str, Any]]
    political_tile: bool


@dataclass(frozen=True)
class Space:
    """An errand space of a competition board or of the central board."""

    id: str
    slug: str
    competition: str  # "C" for the central board
    personal: bool
    effect: Effect
    unavailable_with_players: tuple[int, ...] = ()


@dataclass(frozen=True)
class Side:
    card_sets: tuple[CardSet, ...]
    set_spaces: int
    sets_bound: bool  # 4-5 side: each space takes its own set
    spaces: tuple[Space, ...]


@dataclass(frozen=True)
class BeatriceTile:
    id: str
    kind: str
    columns: tuple[int, ...]
    min_value: int
    max_value: int


@dataclass(frozen=True)
class BonusTile:
    id: str
    slug: str
    competition: str
    effect: Effect
    passive: bool


@dataclass(frozen=True)
class Marker:
    id: str
    slug: str
    kind: str
    start_row: int  # index into Components.rows, 0 = top
    start_col: int


class Components:
    """Typed access to the component file; built once per process."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.rounds: int = raw["rounds"]["value"]
        self.hand_limit: int = raw["hand_limit"]["value"]
        self.black_slots: int = raw["player_board_black_slots"]["value"]
        self.symbols: tuple[str, ...] = tuple(raw["symbols"]["common"]["values"])
        self.setup: dict[int, dict[str, int]] = {e["players"]: e for e in raw["setup"]["by_player_count"]}
        disadvantage = raw["setup"]["disadvantage"]
        self.disadvantage_order: tuple[str, ...] = tuple(disadvantage["order"])
        self.disadvantage_effects: dict[str, Effect] = disadvantage["effects"]
        society = raw["society_board"]
        self.columns: tuple[str, ...] = tuple(society["columns"]["values"])
        self.rows: tuple[int, ...] = tuple(society["row_values_top_to_bottom"]["values"])
        self.society_symbols: dict[tuple[int, int], str] = {
            (self.rows.index(s["row"]), self.columns.index(s["column"])): s["symbol"]
            for s in society["symbol_spaces"]["values"]
        }
        self.markers: tuple[Marker, ...] = tuple(
            Marker(
                m["id"],
                m["kind"][:4] + m["id"].rsplit("_", 1)[-1],
                m["kind"],
                self.rows.index(m["start"]["row"]),
                self.columns.index(m["start"]["column"]),
            )
            for m in society["markers"]["values"]
        )
        hyde = raw["hyde_park"]
        self.hyde_space: dict[int, int] = {int(k): v for k, v in hyde["space_megaphones_by_round"]["values"].items()}
        self.hyde_fewest: Effect = hyde["fewest_megaphones"]["effect"]
        self.hyde_loss: dict[int, dict[int, int]] = {
            int(place[0]): {int(r): e["v"] for r, e in by_round.items()}
            for place, by_round in hyde["placement_vote_loss"].items()
        }
        boards = raw["competition_boards"]
        self.max_votes: int = boards["E"]["scoreboard_max_votes"]["value"]
        self.boroughs: tuple[str, ...] = tuple(boards["P"]["boroughs"]["clockwise_order"])
        self.possession_bonus: int = boards["P"]["end_of_game_bonus_per_possession"]["value"]
        self.possession_tiles_dealt: int = boards["P"]["round_setup"]["possession_tiles_dealt"]
        self.canvass_tiles: int = next(
            s["effect"]["effects"][1]["from"]
            for s in boards["E"]["sides"]["4-5"]["errand_spaces"]
            if s["id"] == "E_canvass"
        )
        self.sides: dict[tuple[str, str], Side] = {
            (comp, side): self._side(comp, data)
            for comp in COMPETITIONS
            for side, data in boards[comp]["sides"].items()
        }
        self.central_spaces: dict[str, dict[str, Any]] = {s["id"]: s for s in raw["central_board"]["spaces"]}
        self.wild_symbols: int = raw["renaissance_man"]["wild_symbols"]
        circle = raw["political_circle_tiles"]
        self.closed_circle_benefits: int = circle["closed_circle"]["benefits"]
        self.closed_circle_options: tuple[Effect, ...] = tuple(circle["closed_circle"]["options"])
        self.political: dict[str, PoliticalTile] = {
            t["id"]: PoliticalTile(t["id"], tuple(t["edges"]))  # type: ignore[arg-type]
            for key in ("starting", "stage_I", "stage_II")
            for t in circle[key]["tiles"]
        }
        self.political_starting: tuple[str, ...] = tuple(t["id"] for t in circle["starting"]["tiles"])
        self.political_stages: tuple[tuple[str, ...], ...] = tuple(
            tuple(t["id"] for t in circle[key]["tiles"]) for key in ("stage_I", "stage_II")
        )
        tiles = raw["possession_tiles"]
        self.starting_sets: dict[str, tuple[str, ...]] = {
            name: tuple(t["id"] for t in ts) for name, ts in tiles["starting_sets"]["sets"].items()
        }
        board_stack = tiles["board_stack"]
        self.possession_stages: tuple[tuple[str, ...], ...] = tuple(
            tuple(t["id"] for t in board_stack[key]) for key in ("stage_I", "stage_II")
        )
        self.possessions: dict[str, Possession] = {
            t["id"]: Possession(t["id"], t["symbol"], t["value"], t["borough"])
            for ts in [*tiles["starting_sets"]["sets"].values(), board_stack["stage_I"], board_stack["stage_II"]]
            for t in ts
        }
        self.tile_by_slug: dict[str, str] = {slug(t): t for t in [*self.possessions, *self.political]}
        self.beatrice: tuple[BeatriceTile, ...] = tuple(self._beatrice(t) for t in raw["dame_beatrice_tiles"]["tiles"])
        self.bonus_tiles: tuple[BonusTile, ...] = tuple(
            BonusTile(t["id"], slug(t["id"].removeprefix("BT_")), t["competition"], t["effect"], bool(t.get("passive")))
            for t in raw["bonus_action_tiles"]["tiles"]
        )
        self.cards: dict[str, Card] = {}
        self.decks: dict[tuple[str, str, str], tuple[str, ...]] = {}
        self._load_cards(raw)

    def _side(self, comp: str, data: dict[str, Any]) -> Side:
        sets = tuple(
            CardSet(s["id"], {int(r): v for r, v in s["cards_by_round"].items()}, bool(s["political_tile"]))
            for s in data["card_sets"]
        )
        spaces = tuple(
            Space(
                s["id"],
                slug(s["id"]),
                comp,
                s["capacity"] == "personal",
                s["effect"],
                tuple(s.get("unavailable_with_players", ())),
            )
            for s in data["errand_spaces"]
        )
        binding = data["card_set_spaces"]
        return Side(sets, binding["count"], binding["count"] == len(sets), spaces)

    def _beatrice(self, t: dict[str, Any]) -> BeatriceTile:
        columns = tuple(self.columns.index(c) for c in t.get("affected_columns", ()))
        return BeatriceTile(t["id"], t["kind"], columns, t.get("min_value", 0), t.get("max_value", 0))

    def _load_cards(self, raw: dict[str, Any]) -> None:
        printed: list[tuple[str, str, dict[str, Any]]] = []
        for comp, deck in raw["card_decks"].items():
            for border in ("white", "black"):
                for stage, cards in deck[border].items():
                    for card in cards:
                        printed.append((comp, stage, card))
        for combo, group in raw["central_cards"]["combinations"].items():
            for border in ("black", "white"):
                for card in group[border]:
                    printed.append(("C" + combo, border, card))
        names: dict[str, set[str]] = {}
        for _, _, card in printed:
            signature = json.dumps([card.get(k) for k in ("border", "tag", "effect", "action", "trigger")])
            names.setdefault(slug(card["name"]), set()).add(signature)
        for deck_key, stage, card in printed:
            name_slug = slug(card["name"])
            # Copies of one printed card share a name; a name printed on two
            # different cards gets its id appended so a reply stays unambiguous.
            card_slug = name_slug if len(names[name_slug]) == 1 else f"{name_slug}-{slug(card['id'])}"
            uids = [card["id"]] if card.get("copies", 1) == 1 else [f"{card['id']}.{k}" for k in range(1, card["copies"] + 1)]
            for uid in uids:
                self.cards[uid] = Card(
                    uid,
                    card["id"],
                    card["name"],
                    card_slug,
                    deck_key[0] if deck_key[0] != "C" else "C",
                    card["border"],
                    card.get("stage", stage),
                    card.get("tag"),
                    card.get("effect"),
                    card.get("action"),
                    card.get("trigger"),
                )
                key = (deck_key, card["border"], card.get("stage", stage))
                self.decks[key] = self.decks.get(key, ()) + (uid,)

    @cached_property
    def cards_by_slug(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for uid, card in self.cards.items():
            found.setdefault(card.slug, []).append(uid)
        return found

    def side_key(self, players: int) -> str:
        """Which side of the competition boards a table of ``players`` uses."""
        return "2-3" if players <= 3 else "4-5"

    def central_combination(self, competitions: tuple[str, ...]) -> str:
        """The central-card group whose competitions are exactly those in play."""
        wanted = set(competitions)
        for combo, group in self.raw["central_cards"]["combinations"].items():
            if set(group["competitions"]) == wanted:
                return combo
        raise ValueError(f"no central cards for the competitions {sorted(wanted)}")


def _load() -> Components:
    path = Path(__file__).with_name("components.json")
    return Components(json.loads(path.read_text(encoding="utf-8")))


DATA = _load()
"""The components, read once on import (the protocol allows reading a game's own data file)."""
