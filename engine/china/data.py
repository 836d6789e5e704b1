"""The China board and components, read from ``boards.json`` and checked once.

The printed map is only known as a labelled reconstruction (rules section 4),
so nothing about provinces, sites, roads or alliances lives in code: a
corrected transcription replaces the data file and the rules keep working.
Loading validates every fact the rules rely on, so a bad file fails at import
with a message that names the broken entry instead of misbehaving in play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.china.geometry import layout_problems

DATA_FILE = Path(__file__).with_name("boards.json")


class BoardDataError(ValueError):
    """The board file breaks a fact the rules rely on (rules section 4.1)."""


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    aliases: tuple[str, ...]
    colour: int
    """Index into :attr:`Components.colours`."""


@dataclass(frozen=True)
class Alliance:
    number: int
    provinces: tuple[int, int]


@dataclass(frozen=True)
class Components:
    """Box contents that do not depend on the side."""

    colours: tuple[str, ...]
    cards: tuple[int, ...]
    """Cards of each colour in the box, by colour index."""
    removed: dict[int, int]
    """Player count -> cards of each colour taken out at setup."""
    pagodas: int
    emissaries: int
    """Placeable emissaries per player (the score marker already left out)."""
    fortresses: int
    display_size: int
    hand_size: int


@dataclass(frozen=True)
class Side:
    """One side of the board: its sites, roads and alliances by index."""

    id: str
    name: str
    players: tuple[int, ...]
    provinces: tuple[Province, ...]
    sites: tuple[str, ...]
    site_province: tuple[int, ...]
    province_sites: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    """Site index -> the sites a road joins it to."""
    roads: tuple[tuple[int, int], ...]
    alliances: tuple[Alliance, ...]
    layout: dict[str, Any]
    colour_provinces: tuple[tuple[int, ...], ...]
    """Colour index -> the provinces of that colour."""


@dataclass(frozen=True)
class BoardData:
    components: Components
    sides: dict[str, Side]
    side_for_players: dict[int, tuple[str, ...]]
    status: str


def load(path: Path = DATA_FILE) -> BoardData:
    """Read and validate a board file."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    if raw.get("format") != "china-board-data" or raw.get("format_version") != 1:
        raise BoardDataError(f"{path.name}: expected format 'china-board-data' version 1")
    components = _components(raw["components"])
    provinces = _provinces(raw["provinces"], raw["components"]["card_colours"], components)
    sides = {s["id"]: _side(s, provinces) for s in raw["sides"]}
    side_for_players = {int(k): tuple(v) for k, v in raw["side_for_player_count"].items()}
    for count, names in side_for_players.items():
        for name in names:
            if name not in sides:
                raise BoardDataError(f"side_for_player_count[{count}] names unknown side {name!r}")
    return BoardData(components, sides, side_for_players, str(raw.get("status", "")))


def _components(raw: dict[str, Any]) -> Components:
    colours = tuple(c["colour"] for c in raw["card_colours"])
    cards = tuple(int(c["cards"]) for c in raw["card_colours"])
    if sum(cards) != raw["cards_total"]:
        raise BoardDataError(f"card_colours add up to {sum(cards)}, cards_total says {raw['cards_total']}")
    per = raw["per_player"]
    return Components(
        colours=colours,
        cards=cards,
        removed={int(k): int(v) for k, v in raw["cards_removed_per_colour"].items()},
        pagodas=int(per["pagodas"]),
        emissaries=int(per["emissaries"]) - int(per["emissaries_used_as_score_marker"]),
        fortresses=int(per["fortresses_in_variant"]),
        display_size=int(raw["face_up_cards"]),
        hand_size=int(raw["hand_size"]),
    )


def _provinces(raw: list[dict[str, Any]], colours: list[dict[str, Any]], comp: Components) -> tuple[Province, ...]:
    by_colour = {c["colour"]: set(c["provinces"]) for c in colours}
    result = []
    for p in raw:
        if p["colour"] not in comp.colours:
            raise BoardDataError(f"province {p['id']!r} has unknown colour {p['colour']!r}")
        if p["id"] not in by_colour[p["colour"]]:
            raise BoardDataError(f"province {p['id']!r} is not listed under card colour {p['colour']!r}")
        result.append(Province(p["id"], p["name"], tuple(p.get("aliases", ())), comp.colours.index(p["colour"])))
    ids = [p.id for p in result]
    if len(set(ids)) != len(ids):
        raise BoardDataError("province ids are not unique")
    return tuple(result)


def _side(raw: dict[str, Any], provinces: tuple[Province, ...]) -> Side:
    name = raw["id"]
    index = {p.id: i for i, p in enumerate(provinces)}
    sites: list[str] = []
    site_province: list[int] = []
    for s in raw["sites"]:
        if s["province"] not in index:
            raise BoardDataError(f"{name}: site {s['id']!r} lies in unknown province {s['province']!r}")
        if s["id"] in sites:
            raise BoardDataError(f"{name}: site id {s['id']!r} appears twice")
        sites.append(s["id"])
        site_province.append(index[s["province"]])
    province_sites = tuple(tuple(i for i, p in enumerate(site_province) if p == k) for k in range(len(provinces)))
    for k, members in enumerate(province_sites):
        pid = provinces[k].id
        if not 4 <= len(members) <= 8:
            raise BoardDataError(f"{name}: province {pid!r} has {len(members)} sites; the rules say 4 to 8")
        if raw["sites_per_province"].get(pid) != len(members):
            raise BoardDataError(f"{name}: sites_per_province[{pid!r}] disagrees with the {len(members)} sites listed")
    if raw["total_sites"] != len(sites):
        raise BoardDataError(f"{name}: total_sites is {raw['total_sites']} but {len(sites)} sites are listed")
    alliances = _alliances(name, raw["alliances"], provinces, index)
    bordering = {frozenset(a.provinces) for a in alliances}
    site_index = {s: i for i, s in enumerate(sites)}
    roads: list[tuple[int, int]] = []
    for a, b in raw["roads"]:
        if a not in site_index or b not in site_index:
            raise BoardDataError(f"{name}: road {a}-{b} joins a site that does not exist")
        i, j = site_index[a], site_index[b]
        pi, pj = site_province[i], site_province[j]
        if pi != pj and frozenset((pi, pj)) not in bordering:
            raise BoardDataError(f"{name}: road {a}-{b} joins provinces that share no alliance")
        roads.append((i, j))
    neighbours = tuple(
        tuple(sorted({j for a, b in roads for j in ((b,) if a == i else (a,) if b == i else ())}))
        for i in range(len(sites))
    )
    _check_layout(name, raw.get("layout", {}), provinces, sites)
    problems = layout_problems(
        name, {p.id: raw["layout"]["provinces"][p.id]["outline"] for p in provinces}, raw["layout"]["sites"],
        {s: provinces[k].id for s, k in zip(sites, site_province)}, [tuple(road) for road in raw["roads"]],
        {frozenset(provinces[i].id for i in a.provinces): a.number for a in alliances},
        {a["number"]: a["point"] for a in raw["layout"]["alliances"]})
    if problems:
        raise BoardDataError("the layout would not draw a readable board:\n  " + "\n  ".join(problems))
    return Side(
        id=name,
        name=raw.get("name", name),
        players=tuple(raw["players"]),
        provinces=provinces,
        sites=tuple(sites),
        site_province=tuple(site_province),
        province_sites=province_sites,
        neighbours=neighbours,
        roads=tuple(roads),
        alliances=alliances,
        layout=raw.get("layout", {}),
        colour_provinces=tuple(
            tuple(i for i, p in enumerate(provinces) if p.colour == c) for c in range(1 + max(p.colour for p in provinces))
        ),
    )


def _alliances(name: str, raw: list[dict[str, Any]], provinces: tuple[Province, ...], index: dict[str, int]) -> tuple[Alliance, ...]:
    numbers = sorted(a["number"] for a in raw)
    if numbers != list(range(1, 16)):
        raise BoardDataError(f"{name}: alliances must be numbered 1 to 15 once each, found {numbers}")
    result = []
    pairs: set[frozenset[int]] = set()
    for a in sorted(raw, key=lambda a: a["number"]):
        p, q = a["provinces"]
        if p not in index or q not in index or p == q:
            raise BoardDataError(f"{name}: alliance {a['number']} joins {p!r} and {q!r}, not two known provinces")
        pair = frozenset((index[p], index[q]))
        if pair in pairs:
            raise BoardDataError(f"{name}: alliance {a['number']} repeats the pair {p}-{q}")
        if provinces[index[p]].colour == provinces[index[q]].colour:
            raise BoardDataError(f"{name}: alliance {a['number']} joins {p} and {q}, which share a colour")
        pairs.add(pair)
        result.append(Alliance(a["number"], (index[p], index[q])))
    return tuple(result)


def _check_layout(name: str, layout: dict[str, Any], provinces: tuple[Province, ...], sites: list[str]) -> None:
    """The drawing needs a point for every site and an outline, seal and label for every province."""
    missing = [p.id for p in provinces if not {"outline", "seal", "label"} <= set(layout.get("provinces", {}).get(p.id, {}))]
    missing += [s for s in sites if s not in layout.get("sites", {})]
    numbers = sorted(a.get("number") for a in layout.get("alliances", []))
    if missing or numbers != list(range(1, 16)) or len(layout.get("size", ())) != 2:
        raise BoardDataError(f"{name}: layout lacks a size, alliance points 1-15 or drawing data for {missing[:5]}")


BOARDS = load()
