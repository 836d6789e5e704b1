"""Province, alliance and road scoring (rules sections 8 and 10).

Pure functions over counts and graphs, so the worked examples of section 15 can
be checked on hand-made numbers without building a board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

CHAIN_MINIMUM = 4


def province_points(pagodas: Sequence[int], fortified: Sequence[bool]) -> list[int]:
    """Points per player for one province: first group scores T, every later group the count of the group above.

    >>> province_points([3, 3, 1, 1], [False] * 4)
    [8, 8, 3, 3]
    """
    total = sum(pagodas)
    groups = sorted({h for h in pagodas if h > 0}, reverse=True)
    points = []
    for h, doubled in zip(pagodas, fortified):
        if h == 0:
            points.append(0)
            continue
        rank = groups.index(h)
        value = total if rank == 0 else groups[rank - 1]
        points.append(value * 2 if doubled else value)
    return points


def majority(emissaries: Sequence[int]) -> set[int]:
    """The players with the most emissaries in a province (ties share; an empty court gives nobody)."""
    most = max(emissaries)
    if most == 0:
        return set()
    return {p for p, e in enumerate(emissaries) if e == most}


def alliance_points(first: Sequence[int], second: Sequence[int]) -> list[int]:
    """Points per player for one alliance: holders of both majorities score all emissaries of both provinces."""
    winners = majority(first) & majority(second)
    value = sum(first) + sum(second)
    return [value if p in winners else 0 for p in range(len(first))]


@dataclass(frozen=True)
class Roads:
    """A player's best set of disjoint chains and its value (section 10.3)."""

    value: int
    chains: tuple[tuple[int, ...], ...]


def road_score(sites: Iterable[int], neighbours: Sequence[Sequence[int]], fortified: Iterable[int] = ()) -> Roads:
    """The maximum total value of site-disjoint simple paths of at least 4 of the player's pagodas.

    ``sites`` are the sites holding the player's pagodas, ``neighbours`` the
    board's road graph (site -> joined sites) and ``fortified`` the player's
    fortified pagodas, which double every chain they lie in. The search is
    exact (memoised over the unused sites), because taking the longest chain
    first is wrong (vectors C9, C10, C12).
    """
    own = set(sites)
    doubled = set(fortified) & own
    value = 0
    chains: list[tuple[int, ...]] = []
    for component in _components(own, neighbours):
        if len(component) >= CHAIN_MINIMUM:
            part = _best_packing(component, neighbours, doubled)
            value += part.value
            chains.extend(part.chains)
    return Roads(value, tuple(chains))


def _components(own: set[int], neighbours: Sequence[Sequence[int]]) -> list[list[int]]:
    seen: set[int] = set()
    result = []
    for start in sorted(own):
        if start in seen:
            continue
        seen.add(start)
        stack, members = [start], []
        while stack:
            v = stack.pop()
            members.append(v)
            for w in neighbours[v]:
                if w in own and w not in seen:
                    seen.add(w)
                    stack.append(w)
        result.append(sorted(members))
    return result


def _best_packing(component: list[int], neighbours: Sequence[Sequence[int]], doubled: set[int]) -> Roads:
    """Exact search of section 10.3, with each path filed under its lowest site.

    When ``v`` is the lowest unused site, every path through ``v`` inside the
    unused sites has ``v`` as its lowest site, so only those paths are tried.
    """
    local = {site: i for i, site in enumerate(component)}
    adjacent = [[local[w] for w in neighbours[site] if w in local] for site in component]
    boosted = 0
    for site in doubled:
        if site in local:
            boosted |= 1 << local[site]
    by_lowest: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in component]
    for path in _simple_paths(adjacent):
        mask = 0
        for v in path:
            mask |= 1 << v
        value = len(path) * (2 if mask & boosted else 1)
        by_lowest[min(path)].append((mask, value, path))
    memo: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {}

    def best(unused: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        if unused.bit_count() < CHAIN_MINIMUM:
            return 0, ()
        if unused in memo:
            return memo[unused]
        low = (unused & -unused).bit_length() - 1
        answer = best(unused & ~(1 << low))
        for mask, value, path in by_lowest[low]:
            if mask & unused == mask:
                rest, chosen = best(unused & ~mask)
                if value + rest > answer[0]:
                    answer = (value + rest, (path,) + chosen)
        memo[unused] = answer
        return answer

    value, chosen = best((1 << len(component)) - 1)
    return Roads(value, tuple(tuple(component[v] for v in path) for path in chosen))


def _simple_paths(adjacent: list[list[int]]) -> list[tuple[int, ...]]:
    """Every simple path of at least 4 vertices, each undirected path once (first end lower than last)."""
    found: list[tuple[int, ...]] = []
    path: list[int] = []
    on_path = [False] * len(adjacent)

    def extend(v: int) -> None:
        path.append(v)
        on_path[v] = True
        if len(path) >= CHAIN_MINIMUM and path[0] < v:
            found.append(tuple(path))
        for w in adjacent[v]:
            if not on_path[w]:
                extend(w)
        on_path[v] = False
        path.pop()

    for start in range(len(adjacent)):
        extend(start)
    return found
