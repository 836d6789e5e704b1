"""Geometry of the two personal boards: the society grid and the political-circle grid.

Pure functions over one player's markers or tiles; the interpreter asks them
which single steps, jumps and tile placements exist (``R-S-MOVE``, ``R-E-GRID``).
"""

from __future__ import annotations

from engine.prodigals.data import DATA
from engine.prodigals.state import Player

STEPS: dict[str, tuple[int, int]] = {
    "down": (1, 0),
    "down-left": (1, -1),
    "down-right": (1, 1),
    "left": (0, -1),
    "right": (0, 1),
    "up": (-1, 0),
}
"""Row and column change of each single marker step (rows are counted from the top)."""

DIRECTIONS: dict[str, tuple[str, ...]] = {
    "down": ("down",),
    "down_diag": ("down-left", "down-right"),
    "side": ("left", "right"),
    "left": ("left",),
    "right": ("right",),
    "up": ("up",),
    "any": ("down", "down-left", "down-right", "left", "right"),
}
"""The data file's ``dir`` values as sets of single steps."""

ROWS = len(DATA.rows)
COLUMNS = len(DATA.columns)
KIND_OF = {m.slug: m.kind for m in DATA.markers}


def occupied(player: Player) -> set[tuple[int, int]]:
    return set(player.markers.values())


def of_kind(player: Player, who: str) -> list[str]:
    """The player's markers a ``who`` (any, gentleman, lady) icon may move, in data order."""
    return [m for m in player.markers if who == "any" or KIND_OF[m] == who]


def target(position: tuple[int, int], direction: str) -> tuple[int, int] | None:
    """Where one step leads, or None off the grid (markers never leave it)."""
    dr, dc = STEPS[direction]
    r, c = position[0] + dr, position[1] + dc
    if 0 <= r < ROWS and 0 <= c < COLUMNS:
        return r, c
    return None


def single_steps(player: Player, who: str, directions: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every (marker, direction) step into an empty space."""
    taken = occupied(player)
    found = []
    for marker in of_kind(player, who):
        for direction in directions:
            to = target(player.markers[marker], direction)
            if to is not None and to not in taken:
                found.append((marker, direction))
    return found


def fall_room(player: Player, marker: str, limit: int) -> int:
    """How many spaces (up to ``limit``) the marker can move straight down without passing a marker."""
    taken = occupied(player)
    r, c = player.markers[marker]
    room = 0
    while room < limit and r + room + 1 < ROWS and (r + room + 1, c) not in taken:
        room += 1
    return room


def jump_room(player: Player, marker: str, limit: int) -> int:
    """How many successive jumps (over an occupied space into the empty one below) the marker can make."""
    taken = occupied(player)
    r, c = player.markers[marker]
    jumps = 0
    while jumps < limit and r + 2 < ROWS and (r + 1, c) in taken and (r + 2, c) not in taken:
        r += 2
        jumps += 1
    return jumps


def society_score(player: Player) -> int:
    return sum(DATA.rows[r] for r, _ in player.markers.values())


def society_symbols(player: Player) -> dict[str, int]:
    found: dict[str, int] = {}
    for position in player.markers.values():
        symbol = DATA.society_symbols.get(position)
        if symbol:
            found[symbol] = found.get(symbol, 0) + 1
    return found


def rightmost_order(player: Player) -> list[str]:
    """Markers from the rightmost column leftwards, the upper first within a column (D-20)."""
    return sorted(player.markers, key=lambda m: (-player.markers[m][1], player.markers[m][0]))


# --- political circles ---------------------------------------------------------------

_NEIGHBOURS = ((0, -1, 0, 2), (1, 0, 1, 3), (0, 1, 2, 0), (-1, 0, 3, 1))
"""(dx, dy, my edge, their edge) for north, east, south, west; y grows southwards."""


_TURNED: dict[tuple[str, int], tuple[str, ...]] = {
    (tile.id, turn): tuple(tile.edges[(i - turn) % 4] for i in range(4))
    for tile in DATA.political.values()
    for turn in range(4)
}


def edges(tile: str, turn: int) -> tuple[str, ...]:
    """The tile's edges [north, east, south, west] after ``turn`` quarter turns clockwise."""
    return _TURNED[(tile, turn)]


def _match(mine: str, theirs: str) -> tuple[bool, str]:
    """Whether two touching edges may meet, and the symbol gained ("" for none)."""
    if mine == "blank" or theirs == "blank":
        return mine == theirs, ""
    if mine == "?" and theirs == "?":
        return False, ""
    if mine == "?":
        return True, theirs
    if theirs == "?" or theirs == mine:
        return True, mine
    return False, ""


def fit(grid: dict[tuple[int, int], tuple[str, int]], tile: str, x: int, y: int, turn: int) -> list[str] | None:
    """The symbols a placement gains, or None when an edge does not match (``R-E-GRID-3``)."""
    mine = edges(tile, turn)
    gained: list[str] = []
    touching = False
    for dx, dy, my_edge, their_edge in _NEIGHBOURS:
        neighbour = grid.get((x + dx, y + dy))
        if neighbour is None:
            continue
        touching = True
        ok, symbol = _match(mine[my_edge], edges(*neighbour)[their_edge])
        if not ok:
            return None
        if symbol:
            gained.append(symbol)
    return gained if touching else None


def placements(grid: dict[tuple[int, int], tuple[str, int]], tile: str) -> list[tuple[int, int, int]]:
    """Every legal (x, y, turn) for the tile: next to the grid, every touching edge matching."""
    cells = sorted(
        {(x + dx, y + dy) for (x, y) in grid for dx, dy, _, _ in _NEIGHBOURS} - set(grid)
    )
    return [(x, y, turn) for x, y in cells for turn in range(4) if fit(grid, tile, x, y, turn) is not None]


def closed_circles(grid: dict[tuple[int, int], tuple[str, int]], x: int, y: int) -> int:
    """How many 2x2 blocks the tile just placed at (x, y) completes (``R-E-CLOSED``, D-16)."""
    count = 0
    for ox in (-1, 0):
        for oy in (-1, 0):
            block = [(x + ox + i, y + oy + j) for i in (0, 1) for j in (0, 1)]
            if all(cell in grid for cell in block):
                count += 1
    return count
