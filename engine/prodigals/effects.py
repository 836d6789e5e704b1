"""The one interpreter of the data file's effect vocabulary.

Every card, errand space, bonus tile, closed circle and penalty is an effect
object from ``components.json``; :class:`Resolver` executes it for one player.
The ops that combine other effects (choose, convert, per symbol, ...) and the
bottom abilities they set off live here; the ops of each competition and of
the central board are its parts in ``board_effects``. When the effect needs a
choice the resolver asks :meth:`engine.prodigals.unit.Unit.ask`, which either
takes the next recorded choice or stops the unit with
:class:`engine.prodigals.unit.NeedChoice`. The unit is later replayed from its
snapshot with one more choice (see :class:`engine.prodigals.state.Pending`),
so this module is plain recursive code with no saved continuations.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from engine.prodigals import boards
from engine.prodigals.board_effects import (
    PASSIVE_OPS, CentralBoardEffects, ElectionEffects, PossessionsEffects, SocietyEffects, indicated_borough,
)
from engine.prodigals.data import DATA, OP_COMPETITION, Effect, op_competition
from engine.prodigals.moves import Lmt, Option, Trigger, Wild
from engine.prodigals.state import Player, State
from engine.prodigals.words import COUNTERS, DIRECTIONS, SYMBOLS, WHO
from engine.text import T, Text, TN


def possessions_score(player: Player) -> int:
    return player.money + sum(DATA.possessions[t].value + DATA.possession_bonus for t in player.possessions)


def scores(state: State, player: Player) -> dict[str, int]:
    """The player's score in each competition in play (``scoring`` in the data)."""
    found = {}
    for comp in state.competitions:
        if comp == "P":
            found[comp] = possessions_score(player)
        elif comp == "E":
            found[comp] = player.votes
        else:
            found[comp] = boards.society_score(player)
    return found


def owned_symbols(player: Player, symbol: str) -> int:
    """Symbols owned from possessions, entered circles and occupied society spaces (``R-SYM-2``)."""
    count = sum(1 for t in player.possessions if DATA.possessions[t].symbol == symbol)
    count += player.circles.get(symbol, 0)
    count += boards.society_symbols(player).get(symbol, 0)
    if player.wild:
        count += player.wild.count(symbol)
    return count


def is_lmt(uid: str) -> bool:
    card = DATA.cards[uid]
    return card.border == "white" and card.effect is not None and card.effect["op"] == "no_effect" and card.tag == "time"


_COMMUTING = {"lose_vote", "gain_vote", "spend", "take_money", "megaphone"}
"""Ops that touch only a counter; firing them in any order gives the same state."""


class Resolver(PossessionsEffects, ElectionEffects, SocietyEffects, CentralBoardEffects):
    """Resolves effects for one seat inside one unit, recording the events that set off triggers."""

    # --- availability (R-CARD-FX, D-13, D-26, D-28, D-32) ----------------------------

    def in_play(self, effect: Effect) -> bool:
        """Whether the effect's competition is in play (structural ops always are)."""
        op = effect["op"]
        comp = OP_COMPETITION.get(effect["base"]["op"] if op == "with_lmt" else op)
        return comp is None or comp in self.state.competitions

    def available(self, effect: Effect) -> bool:
        """Whether the effect may be chosen or played now."""
        op = effect["op"]
        if not self.in_play(effect):
            return False
        if op in ("sell", "exchange"):
            return bool(self.player.possessions) and (op == "sell" or bool(self.state.board_tiles))
        if op == "all":
            parts = [e for e in effect["effects"] if self.in_play(e)]
            return bool(parts) and all(self.available(e) for e in parts)
        if op == "choose":
            return any(self.available(e) for e in effect["options"])
        if op in ("per_symbol", "per_count", "if_errand_on"):
            return self.available(effect["effect"])
        if op == "convert":
            return bool(self.conversions(effect))
        return True

    def undo_possible(self, effect: Effect) -> bool:
        """An anti-scoring part of a conversion that would change the score (D-28, D-37)."""
        if not self.available(effect):
            return False
        if effect["op"] == "gain_vote":
            return self.player.votes < DATA.max_votes
        if effect["op"] == "move":
            return bool(boards.single_steps(self.player, effect["who"], boards.DIRECTIONS[effect["dir"]]))
        return True

    def conversions(self, effect: Effect) -> list[tuple[Effect, Effect]]:
        return [
            (undo, do)
            for undo in effect["undo_options"]
            if self.undo_possible(undo)
            for do in effect["do_options"]
            if self.available(do) and op_competition(do) != op_competition(undo)
        ]

    # --- the interpreter -------------------------------------------------------------

    def run(self, effect: Effect) -> None:
        if not self.in_play(effect):
            return
        handler = getattr(self, "op_" + effect["op"], None)
        if handler is None:
            raise ValueError(f"unknown effect op {effect['op']!r} in the component data; known: {', '.join(KNOWN_OPS)}")
        handler(effect)

    def times(self, n: int, effect: Effect) -> None:
        for _ in range(n):
            self.run(effect)

    def op_no_effect(self, effect: Effect) -> None:
        return None

    def op_all(self, effect: Effect) -> None:
        for part in effect["effects"]:
            self.run(part)

    def op_choose(self, effect: Effect) -> None:
        for turn in range(effect["times"]):
            numbered = [(i, e) for i, e in enumerate(effect["options"], 1) if self.available(e)]
            if not numbered:
                return
            label = T("choice %(k)s of %(n)s", k=turn + 1, n=effect["times"])
            choice = self.ask(
                "option", label, [Option(i) for i, _ in numbered], [describe(e) for _, e in numbered]
            )
            assert isinstance(choice, Option)
            self.run(effect["options"][choice.n - 1])

    def op_convert(self, effect: Effect) -> None:
        pairs = self.conversions(effect)
        choice = self.ask(
            "option",
            T("conversion"),
            [Option(i) for i in range(1, len(pairs) + 1)],
            [T("%(undo)s, then %(do)s", undo=describe(u), do=describe(d)) for u, d in pairs],
        )
        assert isinstance(choice, Option)
        undo, do = pairs[choice.n - 1]
        self.run(undo)
        self.run(do)

    def op_per_symbol(self, effect: Effect) -> None:
        symbol = effect["symbol"]
        wild = self.player.wild
        if wild is not None and len(wild) < DATA.wild_symbols:
            free = DATA.wild_symbols - len(wild)
            choice = self.ask("wild", T("fix wild symbols as %(symbol)s", symbol=SYMBOLS[symbol]), [Wild(k) for k in range(free + 1)])
            assert isinstance(choice, Wild)
            wild.extend([symbol] * choice.k)
        self.times(owned_symbols(self.player, symbol), effect["effect"])

    def op_per_count(self, effect: Effect) -> None:
        self.times(self.count(effect), effect["effect"])

    def count(self, effect: Effect) -> int:
        counter = effect["counter"]
        player = self.player
        if counter == "white_played_with_tags":
            return sum(1 for uid in player.played if uid != self.resolving and DATA.cards[uid].tag in effect["tags"])
        if counter == "markers_on_value":
            return sum(1 for r, _ in player.markers.values() if DATA.rows[r] == effect["value"])
        if counter == "markers_in_column":
            column = DATA.columns.index(effect["column"])
            return sum(1 for m in boards.of_kind(player, effect["who"]) if player.markers[m][1] == column)
        if counter == "possessions_in_indicated_borough":
            borough = indicated_borough(self.state)
            return sum(1 for t in player.possessions if DATA.possessions[t].borough == borough)
        raise ValueError(f"unknown counter {counter!r} in the component data")

    def op_with_lmt(self, effect: Effect) -> None:
        cards = [uid for uid in self.player.hand if is_lmt(uid)]
        k = 0
        if cards:
            choice = self.ask("lmt", T("add A Little More Time cards"), [Lmt(i) for i in range(len(cards) + 1)])
            assert isinstance(choice, Lmt)
            k = choice.k
        for uid in cards[:k]:
            self.player.hand.remove(uid)
            self.state.removed.append(uid)
        self.run(effect["base"])
        self.times(k, effect["per_lmt"])

    def op_if_errand_on(self, effect: Effect) -> None:
        if any(s == effect["space"] for s in self.player.spaces):
            self.run(effect["effect"])

    # --- triggers (R-CARD-B-4, D-33) -------------------------------------------------

    def fire_triggers(self) -> None:
        """Fire the bottom abilities the unit set off, each after the previous is complete."""
        events, self.events = self.events, []
        firings = self.firings(events)
        while firings:
            pick = 0
            if _order_matters(firings):
                slugs = list(dict.fromkeys(DATA.cards[uid].slug for uid, _, _ in firings))
                choice = self.ask("trigger", T("which ability fires next"), [Trigger(s) for s in slugs])
                assert isinstance(choice, Trigger)
                pick = next(i for i, f in enumerate(firings) if DATA.cards[f[0]].slug == choice.card)
            uid, effect, n = firings.pop(pick)
            before, self.ability = self.ability, DATA.cards[uid].slug
            self.times(n, effect)
            self.ability = before
            self.fire_triggers()

    def firings(self, events: list[tuple[str, Any]]) -> list[tuple[str, Effect, int]]:
        found: list[tuple[str, Effect, int]] = []
        for kind, detail in events:
            for uid in self.player.board:
                trigger = DATA.cards[uid].trigger
                if not trigger:
                    continue
                event = trigger["event"]
                if kind == "play_white" and event == "play_white" and detail in trigger["tags"]:
                    found.append((uid, trigger["effect"], 1))
                elif kind == "white_megaphones" and event == "play_white_with_megaphones" and detail > 0:
                    found.append((uid, trigger["per_megaphone"], detail))
                elif kind == "sell" and event == "sell" and trigger.get("effect"):
                    if trigger["condition"] == "any" or detail:
                        found.append((uid, trigger["effect"], 1))
                elif kind == "enter_circle" and event == "enter_circle":
                    found.append((uid, trigger["effect"], 1))
        return [f for f in found if self.in_play(f[1])]


def _order_matters(firings: list[tuple[str, Effect, int]]) -> bool:
    """Several different abilities wait and one of them involves a choice or a count."""
    distinct = {json.dumps(effect, sort_keys=True) for _, effect, _ in firings}
    if len(distinct) < 2:
        return False
    return not all(effect["op"] in _COMMUTING for _, effect, _ in firings)


KNOWN_OPS = sorted([*(n.removeprefix("op_") for n in dir(Resolver) if n.startswith("op_")), *PASSIVE_OPS])
"""Every op the interpreter executes; the data file may use no other."""

_NESTED = ("effect", "base", "per_lmt", "per_megaphone")
_LISTS = ("effects", "options", "undo_options", "do_options")


def unknown_ops(effect: Effect | None) -> set[str]:
    """Ops used in an effect (and every effect nested in it) that the interpreter does not know."""
    if not effect:
        return set()
    found = set() if effect.get("op", "") in KNOWN_OPS or "event" in effect else {str(effect.get("op"))}
    for key in _NESTED:
        if isinstance(effect.get(key), dict):
            found |= unknown_ops(effect[key])
    for key in _LISTS:
        for part in effect.get(key, ()):
            found |= unknown_ops(part)
    return found


def describe(effect: Effect) -> Text:
    """A few words for an effect, for the choices a decision lists and a card set's extra benefit."""
    op = effect["op"]
    words: dict[str, Callable[[Effect], Text]] = {
        "lose_vote": lambda e: TN("lose %(n)s vote", "lose %(n)s votes", e["n"]),
        "gain_vote": lambda e: TN("gain %(n)s vote", "gain %(n)s votes", e["n"]),
        "spend": lambda e: TN("spend %(n)s pound", "spend %(n)s pounds", e["n"]),
        "take_money": lambda e: TN("take %(n)s pound", "take %(n)s pounds", e["n"]),
        "megaphone": lambda e: TN("%(n)s megaphone", "%(n)s megaphones", e["n"]),
        "sell": lambda e: (TN("sell %(n)s possession at -%(discount)s", "sell %(n)s possessions at -%(discount)s",
                              e["count"], discount=e["discount"]) if e["discount"]
                           else TN("sell %(n)s possession", "sell %(n)s possessions", e["count"])),
        "exchange": lambda e: (T("exchange (limit %(limit)s)", limit=e["limit"]) if e.get("limit") is not None
                               else T("exchange")),
        "move": lambda e: TN("%(n)s move, %(who)s, %(direction)s", "%(n)s moves, %(who)s, %(direction)s", e["n"],
                             who=WHO[e["who"]], direction=DIRECTIONS[e["dir"]]),
        "row_down": lambda e: T("a row of markers (%(who)s) down %(steps)s", who=WHO[e["who"]], steps=e["max_steps"]),
        "column_down": lambda e: T("markers (%(who)s) of a column down %(steps)s", who=WHO[e["who"]],
                                   steps=e["max_steps"]),
        "jump": lambda e: T("a marker (%(who)s) jumps %(jumps)s", who=WHO[e["who"]], jumps=e["max_jumps"]),
        "political_tile": lambda e: TN("draw %(n)s political tile", "draw %(n)s political tiles", e["n"]),
        "per_symbol": lambda e: T("per %(symbol)s: %(effect)s", symbol=SYMBOLS[e["symbol"]], effect=describe(e["effect"])),
        "per_count": lambda e: T("per %(counter)s: %(effect)s", counter=COUNTERS[e["counter"]],
                                 effect=describe(e["effect"])),
        "with_lmt": lambda e: T("%(base)s + %(extra)s per A Little More Time card", base=describe(e["base"]),
                                extra=describe(e["per_lmt"])),
        "all": lambda e: T("%(effects)s", effects=tuple(describe(x) for x in e["effects"])),
        # Once is "one of"; a count has its own singular, for the languages whose "one" form also counts 21 (#29).
        "choose": lambda e: T("one of: %(options)s", options=tuple(describe(x) for x in e["options"]))
        if e["times"] == 1 else TN("%(n)s time one of: %(options)s", "%(n)s times one of: %(options)s", e["times"],
                                   options=tuple(describe(x) for x in e["options"])),
        "convert": lambda e: T("convert"),
        "no_effect": lambda e: T("nothing"),
    }
    if op not in words:
        raise ValueError(f"no description for the effect op {op!r} in the component data")
    return words[op](effect)
