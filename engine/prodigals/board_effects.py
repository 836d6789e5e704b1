"""The effect ops that act on one board each: the three competitions and the central board.

Each group is a part of :class:`engine.prodigals.effects.Resolver`, which
composes them with the ops that combine other effects; an op belongs to the
competition ``OP_COMPETITION`` names for it, so a competition left out of play
leaves its whole group idle.
"""

from __future__ import annotations

from engine.prodigals import boards
from engine.prodigals.data import DATA, Effect, slug
from engine.prodigals.moves import (
    BonusTile, Column, Discard, Drop, Exchange, Jump, Move, Row, Sell, Shift, Stop, Take, Tile,
)
from engine.prodigals.state import Player, State
from engine.prodigals.unit import Unit
from engine.text import Notation, T

DATA_BONUS = {t.id: t for t in DATA.bonus_tiles}

PASSIVE_OPS = ("closed_circle_bonus",)
"""Ops of held tiles that are never run but change how something else resolves."""


def gain_votes(player: Player, n: int) -> None:
    """Votes rise, clamped at the scoreboard maximum (D-12)."""
    player.votes = min(DATA.max_votes, player.votes + n)


def spend(player: Player, n: int) -> None:
    """Pay pounds; no debt while a possession is owned (``R-P-DEBT``)."""
    player.money -= min(n, max(player.money, 0)) if player.possessions else n


def indicated_borough(state: State) -> str:
    return DATA.boroughs[state.borough % len(DATA.boroughs)]


class PossessionsEffects(Unit):
    """Pounds and possession tiles (``R-P``)."""

    def op_spend(self, effect: Effect) -> None:
        spend(self.player, effect["n"])

    def op_take_money(self, effect: Effect) -> None:
        self.player.money += effect["n"]

    def op_sell(self, effect: Effect) -> None:
        for i in range(effect["count"]):
            if not self.player.possessions:
                return
            options: list[Move] = [Sell(slug(t)) for t in self.player.possessions]
            if i > 0:
                options.append(Stop())
            choice = self.ask("sell", T("sale %(k)s of up to %(n)s", k=i + 1, n=effect["count"]), options)
            if isinstance(choice, Stop):
                return
            assert isinstance(choice, Sell)
            self.sell(DATA.tile_by_slug[choice.tile], effect["discount"])

    def sell(self, tile: str, discount: int) -> None:
        """One sale: value minus every discount, never below 0 (``R-P-SELL``)."""
        possession = DATA.possessions[tile]
        indicated = possession.borough == indicated_borough(self.state)
        total = discount + (1 if indicated else 0)
        for uid in self.player.board:
            trigger = DATA.cards[uid].trigger
            if trigger and trigger["event"] == "sell" and (trigger["condition"] == "any" or indicated):
                total += trigger.get("extra_discount", 0)
        self.player.possessions.remove(tile)
        self.state.removed.append(tile)
        self.player.money += max(0, possession.value - total)
        self.events.append(("sell", indicated))

    def op_exchange(self, effect: Effect) -> None:
        options: list[Move] = [
            Exchange(slug(g), slug(t)) for g in self.player.possessions for t in self.state.board_tiles
        ]
        if not options:
            return
        choice = self.ask("exchange", T("exchange a possession"), options)
        assert isinstance(choice, Exchange)
        give, take = DATA.tile_by_slug[choice.give], DATA.tile_by_slug[choice.take]
        self.player.possessions.remove(give)
        self.state.board_tiles.remove(take)
        self.player.possessions.append(take)
        self.state.board_tiles.append(give)
        excess = DATA.possessions[give].value - DATA.possessions[take].value
        limit = effect.get("limit")
        if limit is not None and excess > limit:
            self.player.money += excess - limit


class SocietyEffects(Unit):
    """The markers on the society board (``R-S``)."""

    def op_move(self, effect: Effect) -> None:
        directions = boards.DIRECTIONS[effect["dir"]]
        mandatory = effect["dir"] == "up"
        for i in range(effect["n"]):
            steps = boards.single_steps(self.player, effect["who"], directions)
            if not steps:
                return
            options: list[Move] = [Shift(m, d) for m, d in steps]
            if not mandatory:
                options.append(Stop())
            choice = self.ask("move", T("society move %(k)s of %(n)s", k=i + 1, n=effect["n"]), options)
            if isinstance(choice, Stop):
                return
            assert isinstance(choice, Shift)
            self.shift(choice.marker, choice.direction)

    def shift(self, marker: str, direction: str) -> None:
        target = boards.target(self.player.markers[marker], direction)
        assert target is not None
        self.player.markers[marker] = target

    def op_row_down(self, effect: Effect) -> None:
        markers = boards.of_kind(self.player, effect["who"])
        rows = sorted({self.player.markers[m][0] for m in markers})
        if not rows:
            return
        choice = self.ask("row", T("choose a row"), [Row(DATA.rows[r]) for r in rows])
        assert isinstance(choice, Row)
        row = DATA.rows.index(choice.value)
        in_row = sorted((m for m in markers if self.player.markers[m][0] == row), key=lambda m: self.player.markers[m][1])
        for marker in in_row:
            self.drop(marker, effect["max_steps"])

    def op_column_down(self, effect: Effect) -> None:
        if effect["column"] == "chosen":
            choice = self.ask("column", T("choose a column"), [Column(c) for c in DATA.columns])
            assert isinstance(choice, Column)
            column = DATA.columns.index(choice.column)
        else:
            column = DATA.columns.index(effect["column"])
        markers = [m for m in boards.of_kind(self.player, effect["who"]) if self.player.markers[m][1] == column]
        # Lowest first, so no marker blocks the other (D-34).
        for marker in sorted(markers, key=lambda m: -self.player.markers[m][0]):
            self.drop(marker, effect["max_steps"])

    def drop(self, marker: str, limit: int) -> None:
        room = boards.fall_room(self.player, marker, limit)
        if room == 0:
            return
        choice = self.ask("drop", T("move %(marker)s down", marker=Notation(marker)), [Drop(marker, k) for k in range(room, -1, -1)])
        assert isinstance(choice, Drop)
        r, c = self.player.markers[marker]
        self.player.markers[marker] = (r + choice.steps, c)

    def op_jump(self, effect: Effect) -> None:
        options: list[Move] = [
            Jump(m, k)
            for m in boards.of_kind(self.player, effect["who"])
            for k in range(1, boards.jump_room(self.player, m, effect["max_jumps"]) + 1)
        ]
        if not options:
            return
        choice = self.ask("jump", T("jump a marker"), options + [Stop()])
        if isinstance(choice, Jump):
            r, c = self.player.markers[choice.marker]
            self.player.markers[choice.marker] = (r + 2 * choice.jumps, c)

    def move_up_penalty(self, preferred: list[str]) -> bool:
        """One mandatory move up; the first ``preferred`` marker that can move goes without asking.

        Returns False when no marker can move (the penalty lapses).
        """
        steps = boards.single_steps(self.player, "any", ("up",))
        if not steps:
            return False
        standing = [Shift(m, "up") for m in preferred if (m, "up") in steps]
        choice = standing[0] if standing else self.ask("up", T("move a marker up"), [Shift(m, d) for m, d in steps])
        assert isinstance(choice, Shift)
        self.shift(choice.marker, choice.direction)
        return True

    def op_move_rightmost_up(self, effect: Effect) -> None:
        """Setup disadvantage: the rightmost marker that can move goes up one (D-20)."""
        for _ in range(effect.get("n", 1)):
            steps = set(boards.single_steps(self.player, "any", ("up",)))
            for marker in boards.rightmost_order(self.player):
                if (marker, "up") in steps:
                    self.shift(marker, "up")
                    break

    def op_beatrice_immunity(self, effect: Effect) -> None:
        return None  # applied in the Dame Beatrice phase, from the errand boy on the space


class ElectionEffects(Unit):
    """Votes, megaphones and the political circle grid (``R-E``)."""

    def op_lose_vote(self, effect: Effect) -> None:
        self.player.votes -= effect["n"]

    def op_gain_vote(self, effect: Effect) -> None:
        gain_votes(self.player, effect["n"])

    def op_megaphone(self, effect: Effect) -> None:
        self.player.megaphones += effect["n"]

    def op_political_tile(self, effect: Effect) -> None:
        for _ in range(effect["n"]):
            if not self.state.political_stack:
                return
            tile = self.state.political_stack.pop()
            self.place_tile(tile)

    def place_tile(self, tile: str) -> None:
        """Place a political tile in the grid or discard it; symbols, then closed circles (D-16, D-33b)."""
        player = self.player
        player.drawn_tile = tile
        options: list[Move] = [Tile(x, y, t) for x, y, t in boards.placements(player.grid, tile)]
        options.append(Discard())
        choice = self.ask("tile", T("place the political tile (see your view)"), options)
        player.drawn_tile = ""
        if isinstance(choice, Discard):
            self.state.removed.append(tile)
            return
        assert isinstance(choice, Tile)
        gained = boards.fit(player.grid, tile, choice.x, choice.y, choice.turn) or []
        player.grid[(choice.x, choice.y)] = (tile, choice.turn)
        for symbol in gained:
            player.circles[symbol] = player.circles.get(symbol, 0) + 1
            self.events.append(("enter_circle", symbol))
        circles = boards.closed_circles(player.grid, choice.x, choice.y)
        if circles:
            self.closed_circle_benefits(circles)

    def closed_circle_benefits(self, circles: int) -> None:
        benefits = DATA.closed_circle_benefits
        for tile in self.player.bonus:
            bonus = DATA_BONUS[tile]
            if bonus.passive and bonus.effect["op"] in PASSIVE_OPS:
                benefits = bonus.effect["benefits"]
                self.player.bonus.remove(tile)
                self.state.bonus_tiles.append(tile)
                break
        choice_effect = {"op": "choose", "times": benefits, "options": list(DATA.closed_circle_options)}
        for _ in range(circles):
            self.run(choice_effect)

    def op_choose_political_tile(self, effect: Effect) -> None:
        lying = self.state.canvass[:]
        if not lying:
            return
        choice = self.ask("take", T("take a canvass tile"), [Take(slug(t)) for t in lying] + [Take("none")])
        assert isinstance(choice, Take)
        self.state.canvass.clear()
        for tile in lying:
            if slug(tile) != choice.tile:
                self.state.removed.append(tile)
        for tile in lying:
            if slug(tile) == choice.tile:
                self.place_tile(tile)

    def op_hyde_park_megaphones(self, effect: Effect) -> None:
        self.player.megaphones += DATA.hyde_space[self.state.round]

    def op_group_play(self, effect: Effect) -> None:
        raise ValueError("group_play is resolved by the play step, not as a nested effect")


class CentralBoardEffects(Unit):
    """The central card, the bonus action tiles and the renaissance man (``R-C``, ``R-BT``)."""

    def op_take_central_card(self, effect: Effect) -> None:
        if self.state.central_card:
            self.player.hand.append(self.state.central_card)
            self.state.central_card = ""

    def op_take_bonus_tile_if_any(self, effect: Effect) -> None:
        if not self.state.bonus_tiles:
            return
        choice = self.ask("bonus", T("take a bonus action tile"), [BonusTile(DATA_BONUS[t].slug) for t in self.state.bonus_tiles])
        assert isinstance(choice, BonusTile)
        tile = next(t for t in self.state.bonus_tiles if DATA_BONUS[t].slug == choice.tile)
        self.state.bonus_tiles.remove(tile)
        self.player.bonus.append(tile)

    def op_take_renaissance_man(self, effect: Effect) -> None:
        self.state.renaissance = False
        self.player.wild = []

