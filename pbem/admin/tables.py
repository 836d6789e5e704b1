"""The organiser's tables, laid out for the terminal they are printed in: readable at 80 columns.

Left to itself, rich shares out a narrow terminal by cutting every column
alike: an id or an address ends in "…", a header breaks inside a word, a
number shrinks to a character or two. Here each column says what it holds,
so the layout knows what may give: a value read whole (an id, an address, a
number), words that wrap only between them (a time, a name), or running text
that wraps and folds a very long word (a subject, an error). When the whole
table does not fit, it tries, in turn: shorter headers (explained under the
table) with some columns stacked under others in one cell; then leaving out
the columns it can best do without, saying which. Every cell is literal text,
never rich markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

WHOLE, WORDS, TEXT = "whole", "words", "text"
"""What a column holds: values never broken; words wrapped only between them; running text."""

FOLD_AT = 12
"""The narrowest a running-text column is made: a longer word folds there rather than widening it."""

COMFORTABLE = 24
"""The width running text is given before any column is left out to make room; only where no layout fits
otherwise is it narrowed to ``FOLD_AT``."""

NARROWEST = 3
"""No column is narrower, so none reads as a sliver."""


@dataclass(frozen=True)
class Col:
    """One column: its header, what it holds, and how it gives way in a narrow terminal.

    ``short``: its header where the table is narrow (the full one is said under the table); ``under``: the
    column it is stacked beneath there, one line each; ``spare``: where even that does not fit, it is left
    out, the lowest number first (0: never left out).
    """

    name: str
    holds: str = WHOLE
    right: bool = False
    short: str = ""
    under: str = ""
    spare: int = 0


@dataclass(frozen=True)
class _Group:
    """The columns printed in one cell, the first on top."""

    members: tuple[int, ...]
    header: str


def _lines(value: str) -> list[str]:
    return value.split("\n") if value else [""]


def _least(line: str, holds: str, tight: bool) -> int:
    """The narrowest a line of this kind may be printed in without being cut (``tight``: and running text
    narrower than reads comfortably)."""
    if holds == WHOLE:
        return cell_len(line)
    longest = max((cell_len(word) for word in line.split()), default=0)
    if holds == WORDS:
        return longest
    return min(longest, FOLD_AT) if tight else max(min(longest, FOLD_AT), min(cell_len(line), COMFORTABLE))


class Fitted:
    """A table of string values that lays itself out for the width it is printed in (see the module)."""

    def __init__(self, title: str, columns: Sequence[Col | str], rows: Iterable[Sequence[str]]) -> None:
        self.title = title
        self.columns = tuple(column if isinstance(column, Col) else Col(column) for column in columns)
        self.rows = [tuple(row) for row in rows]

    def layouts(self) -> Iterator[tuple[list[_Group], list[str]]]:
        """Each layout to try, widest first, with the columns it leaves out (the first is the only wide one)."""
        yield [_Group((index,), column.name) for index, column in enumerate(self.columns)], []
        left_out: list[str] = []
        yield self._narrow(left_out), []
        for spare in sorted({column.spare for column in self.columns if column.spare}):
            left_out += [column.name for column in self.columns if column.spare == spare]
            yield self._narrow(left_out), list(left_out)

    def _narrow(self, left_out: list[str]) -> list[_Group]:
        names = [column.name for column in self.columns]
        stacked: dict[int, list[int]] = {}
        for index, column in enumerate(self.columns):
            if column.name in left_out:
                continue
            host = index
            while self.columns[host].under and self.columns[host].under not in left_out:
                host = names.index(self.columns[host].under)
            stacked.setdefault(host, []).append(index)
        return [_Group(tuple(members), "\n".join(self.columns[i].short or self.columns[i].name for i in members))
                for host, members in sorted(stacked.items())]

    def _cell(self, group: _Group, row: tuple[str, ...]) -> str:
        return "\n".join(row[index] for index in group.members).rstrip("\n")

    def _widths(self, group: _Group, tight: bool) -> tuple[int, int]:
        """The narrowest width the group's cells and header fit in unbroken, and the width they fill."""
        header = [word for line in group.header.split("\n") for word in line.split()]
        least = max((cell_len(word) for word in header), default=1)
        natural = max(cell_len(line) for line in group.header.split("\n"))
        for row in self.rows:
            for index in group.members:
                for line in _lines(row[index]):
                    least = max(least, _least(line, self.columns[index].holds, tight))
                    natural = max(natural, cell_len(line))
        return max(least, NARROWEST), max(natural, NARROWEST)

    @staticmethod
    def _share(room: int, ranges: list[tuple[int, int]]) -> list[int]:
        """Widths within ``room``: every group its least, then the rest to the narrowest that want more."""
        widths = [least for least, _ in ranges]
        spare = room - sum(widths)
        while spare > 0:
            wanting = [i for i, (_, natural) in enumerate(ranges) if widths[i] < natural]
            if not wanting:
                break
            widths[min(wanting, key=lambda i: widths[i])] += 1
            spare -= 1
        return widths

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width
        tries = [(tight, narrow, layout) for tight in (False, True) for narrow, layout in enumerate(self.layouts())]
        for tight, narrow, (groups, left_out) in tries:
            ranges = [self._widths(group, tight) for group in groups]
            content = room - 3 * len(groups) - 1  # a border left of each column and at the end; padding 1+1
            if sum(least for least, _ in ranges) <= content:
                widths: list[int | None] = list(self._share(content, ranges))
                break
        else:  # too narrow for any layout: rich shares the width out as it would
            widths = [None] * len(groups)
        table = Table(title=Text(self.title))
        for group, width in zip(groups, widths, strict=True):
            right = self.columns[group.members[0]].right
            table.add_column(Text(group.header), justify="right" if right else "left", width=width,
                             overflow="fold" if width else "ellipsis")
        for row in self.rows:
            table.add_row(*(Text(self._cell(group, row)) for group in groups))
        yield table
        if narrow:
            shortened = [f"{column.short}: {column.name}" for column in self.columns
                         if column.short and column.short != column.name and column.name not in left_out]
            if shortened:
                yield Text(", ".join(shortened))
        if left_out:
            yield Text(f"(left out at {room} columns: {', '.join(left_out)}; a wider terminal shows them)")
