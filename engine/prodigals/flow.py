"""Set-up, the five rounds and their phases, and which decision is owed when.

Play is a sequence of *units*: an errand placement, one action step, a Dame
Beatrice compensation, an end-of-round discard. Each unit runs through the
interpreter; a unit that needs a choice stops with a :class:`Pending` that
``apply`` resumes. Between units, the phase helpers below move the round on
(``round_phases`` in the data) until somebody owes a decision.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Iterator

from engine.errors import IllegalMove
from engine.prodigals import boards
from engine.prodigals.board_effects import DATA_BONUS
from engine.prodigals.data import COMPETITIONS, DATA, CardSet, Space, slug
from engine.prodigals.effects import Resolver, scores
from engine.prodigals.moves import Board, Bonus, Discard, Done, Move, OrderKeep, OrderUp, Place, Play, Use
from engine.prodigals.state import Pending, Player, State
from engine.prodigals.unit import NeedChoice
from engine.text import Notation, T, Text, TN

CENTRAL_CARD = "central-card"
RENAISSANCE = "renaissance-man"


# --- set-up (R-SET) ------------------------------------------------------------------


def new_state(players: int, seed: int, competitions: tuple[str, ...]) -> State:
    rng = random.Random(seed)
    table = DATA.setup[players]
    order = list(range(players))
    rng.shuffle(order)
    state = State(players, competitions, DATA.side_key(players), [Player(s) for s in range(players)], order)
    for comp in competitions:
        for border in ("white", "black"):
            state.decks[(comp, border)] = _staged(rng, [DATA.decks.get((comp, border, st), ()) for st in ("I", "II")])
    combo = DATA.central_combination(competitions)
    state.central_deck = _staged(rng, [DATA.decks[("C" + combo, "black", "central")], DATA.decks[("C" + combo, "white", "central")]])
    state.borough = rng.randrange(len(DATA.boroughs))
    state.bonus_tiles = [t.id for t in DATA.bonus_tiles if t.competition in competitions]
    for player in state.players:
        player.boys = errand_boys(state)
        player.money = table["starting_pounds"] if "P" in competitions else 0
        player.markers = {m.slug: (m.start_row, m.start_col) for m in DATA.markers} if "S" in competitions else {}
    if "P" in competitions:
        _deal_possessions(state, rng, table["starting_possessions"])
        state.possession_stack = _staged(rng, list(DATA.possession_stages))
    if "E" in competitions:
        starting = list(DATA.political_starting)
        rng.shuffle(starting)
        for player in state.players:
            player.votes = table["starting_votes"]
            player.grid = {(0, 0): (starting.pop(), 0)}
        state.removed.extend(starting)
        state.political_stack = _staged(rng, list(DATA.political_stages))
    if "S" in competitions:
        state.beatrice_stack = [t.id for t in DATA.beatrice]
        rng.shuffle(state.beatrice_stack)
    _disadvantages(state)
    _prepare(state)
    return state


def errand_boys(state: State) -> int:
    """Errand boys per player: the setup table's number, one more with three competitions."""
    table = DATA.setup[state.players_count]
    return table["errand_boys_three_competitions" if len(state.competitions) == 3 else "errand_boys_two_competitions"]


def _staged(rng: random.Random, stages: list[tuple[str, ...]]) -> list[str]:
    """A stack with stage I on top (the list's end) of stage II, each shuffled."""
    stack: list[str] = []
    for stage in reversed(stages):
        part = list(stage)
        rng.shuffle(part)
        stack.extend(part)
    return stack


def _deal_possessions(state: State, rng: random.Random, keep: int) -> None:
    """A random starting set each; with fewer to keep, drop random tiles of the set's top value (5 players)."""
    names = sorted(DATA.starting_sets)
    rng.shuffle(names)
    for player, name in zip(state.players, names):
        tiles = list(DATA.starting_sets[name])
        while len(tiles) > keep:
            top = max(DATA.possessions[t].value for t in tiles)
            dropped = rng.choice([t for t in tiles if DATA.possessions[t].value == top])
            tiles.remove(dropped)
            state.removed.append(dropped)
        player.possessions = tiles
    for name in names[len(state.players):]:
        state.removed.extend(DATA.starting_sets[name])


def _disadvantages(state: State) -> None:
    """Early seats take k entries of the cyclic disadvantage list (``R-SET-DIS``)."""
    entries = [c for c in DATA.disadvantage_order if c in state.competitions]
    for position, seat in enumerate(state.order):
        resolver = Resolver(state, seat, ())
        for k in range(state.players_count - 1 - position):
            resolver.run(DATA.disadvantage_effects[entries[k % len(entries)]])


# --- preparation (R-PREP) ------------------------------------------------------------


def _prepare(state: State) -> None:
    state.round += 1
    state.central_card = state.central_deck.pop() if state.central_deck else ""
    for comp in state.competitions:
        for card_set in sides(state)[comp].card_sets:
            need = card_set.cards_by_round[state.round]
            cards: list[str] = []
            for border in ("white", "black"):
                deck = state.decks[(comp, border)]
                for _ in range(need.get(border, 0)):
                    if deck:
                        cards.append(deck.pop())
            state.sets[card_set.id] = cards
            if "benefit" in need:
                state.set_benefit[card_set.id] = need["benefit"]
    if "P" in state.competitions:
        for _ in range(DATA.possession_tiles_dealt):
            if state.possession_stack:
                state.board_tiles.append(state.possession_stack.pop())
    if "E" in state.competitions:
        for card_set in sides(state)["E"].card_sets:
            if card_set.political_tile and state.political_stack:
                state.set_tiles[card_set.id] = state.political_stack.pop()
        for _ in range(DATA.canvass_tiles):
            if state.political_stack:
                state.canvass.append(state.political_stack.pop())
    if "S" in state.competitions and state.beatrice_stack:
        state.beatrice = state.beatrice_stack.pop()
    state.phase = "errands"
    state.turn = -1
    _next_errand(state)


def sides(state: State) -> dict[str, Any]:
    return {comp: DATA.sides[(comp, state.side)] for comp in state.competitions}


@lru_cache(maxsize=None)
def space_table(side: str, competitions: tuple[str, ...], players: int) -> dict[str, tuple[str, Any]]:
    """Every errand space of this table by its notation slug: (kind, data)."""
    table: dict[str, tuple[str, Any]] = {
        CENTRAL_CARD: ("central", DATA.central_spaces["C_central_card"]),
        RENAISSANCE: ("renaissance", DATA.central_spaces["C_renaissance_man"]),
    }
    for position in DATA.central_spaces["C_turn_order"]["positions"]:
        if position <= players:
            table[f"turn-order-{position}"] = ("turn", position)
    for comp in competitions:
        board = DATA.sides[(comp, side)]
        for card_set in board.card_sets:
            table[slug(card_set.id)] = ("set", card_set)
        for space in board.spaces:
            if players not in space.unavailable_with_players:
                table[space.slug] = ("space", space)
    return table


# --- errands (R-ERR) -----------------------------------------------------------------


def central_cost(state: State) -> int:
    return DATA.central_spaces["C_central_card"]["errand_boys_required"][
        "three_competitions" if len(state.competitions) == 3 else "two_competitions"
    ]


def legal_places(state: State, seat: int) -> list[Move]:
    return [Place(key) for key in _open_places(state, seat)]


def can_place(state: State, seat: int) -> bool:
    return next(_open_places(state, seat), None) is not None


def _open_places(state: State, seat: int) -> Iterator[str]:
    """The slugs of the spaces free for ``seat`` now (``R-ERR-2/3``, D-27, D-38)."""
    if state.players[seat].boys <= 0:
        return
    resolver = Resolver(state, seat, ())
    for key, entry in space_table(state.side, state.competitions, state.players_count).items():
        if _entry_open(resolver, key, entry):
            yield key


def _is_open(resolver: Resolver, key: str) -> bool:
    state = resolver.state
    entry = space_table(state.side, state.competitions, state.players_count).get(key)
    return entry is not None and resolver.player.boys > 0 and _entry_open(resolver, key, entry)


def _entry_open(resolver: Resolver, key: str, entry: tuple[str, Any]) -> bool:
    state, player = resolver.state, resolver.player
    kind, data = entry
    if kind == "space":
        space: Space = data
        free = space.id not in player.spaces if space.personal else space.id not in state.taken
        return free and resolver.available(space.effect)
    if kind == "set":
        return _set_open(state, data)
    if key in state.taken:
        return False
    if kind == "central":
        return not state.retrieval and bool(state.central_card) and player.boys >= central_cost(state)
    if kind == "turn":
        return player.seat not in state.next_order.values()
    return True  # the renaissance man, while free


def _set_open(state: State, card_set: CardSet) -> bool:
    if card_set.id in state.taken:
        return False
    comp = card_set.id[0]
    side = DATA.sides[(comp, state.side)]
    if side.sets_bound:
        return True
    claimed = sum(1 for s in side.card_sets if s.id in state.taken)
    return claimed < side.set_spaces


def _next_errand(state: State) -> None:
    """The next seat in turn order with an errand boy and a free space; else the central retrieval; else actions."""
    n = state.players_count
    for k in range(1, n + 1):
        index = (state.turn + k) % n
        if can_place(state, state.order[index]):
            state.turn = index
            return
    if not state.retrieval:
        for index, seat in enumerate(state.order):
            player = state.players[seat]
            if player.central_boys > 1:
                # R-C-2: one errand boy comes back from the central card and is placed last.
                player.central_boys -= 1
                player.boys += 1
                state.retrieval = True
                if can_place(state, seat):
                    state.turn = index
                    return
    state.retrieval = False
    _start_actions(state)


def place(resolver: Resolver, key: str) -> None:
    state, player = resolver.state, resolver.player
    kind, data = space_table(state.side, state.competitions, state.players_count)[key]
    player.boys -= 1
    if kind == "central":
        cost = central_cost(state)
        player.boys -= cost - 1
        player.central_boys = cost
        state.taken[key] = player.seat
        player.spaces.append(data["id"])
        resolver.run(data["effect"])
    elif kind == "turn":
        state.taken[key] = player.seat
        state.next_order[data] = player.seat
        player.spaces.append(key)
        resolver.run(DATA.central_spaces["C_turn_order"]["effect"])
    elif kind == "renaissance":
        state.taken[key] = player.seat
        player.spaces.append(data["id"])
        resolver.run(data["effect"])
    elif kind == "set":
        card_set: CardSet = data
        state.taken[card_set.id] = player.seat
        player.spaces.append(card_set.id)
        player.hand.extend(state.sets[card_set.id])
        state.sets[card_set.id] = []
        tile = state.set_tiles.pop(card_set.id, "")
        if card_set.id in state.set_benefit:
            resolver.run(state.set_benefit.pop(card_set.id))
        if tile:
            resolver.place_tile(tile)
    else:
        space: Space = data
        if not space.personal:
            state.taken[space.id] = player.seat
        player.spaces.append(space.id)
        resolver.run(space.effect)


# --- actions (R-ACT) -----------------------------------------------------------------


def _start_actions(state: State) -> None:
    state.phase = "actions"
    state.turn = -1
    _next_action_turn(state)


def _next_action_turn(state: State) -> None:
    """The next seat in turn order that can play anything; a seat that could only say done is skipped."""
    state.turn += 1
    while state.turn < state.players_count and _idle(state, state.current):
        state.turn += 1
    if state.turn >= state.players_count:
        _end_actions(state)


def _idle(state: State, seat: int) -> bool:
    """Nothing to play: only done and standing orders (which are asked for later when needed)."""
    return all(isinstance(m, (Done, OrderUp, OrderKeep)) for m in legal_actions(state, seat))


def cards_in_hand(player: Player, card_slug: str) -> list[str]:
    return [uid for uid in player.hand if DATA.cards[uid].slug == card_slug]


def legal_actions(state: State, seat: int) -> list[Move]:
    player = state.players[seat]
    resolver = Resolver(state, seat, ())
    found: list[Move] = []
    seen: set[str] = set()
    for uid in player.hand:
        card = DATA.cards[uid]
        if card.slug in seen:
            continue
        seen.add(card.slug)
        if card.border == "black":
            if len(player.board) < DATA.black_slots:
                found.append(Board(card.slug))
            else:
                found.extend(Board(card.slug, DATA.cards[b].slug) for b in player.board)
        elif card.effect is not None and card.effect["op"] == "group_play":
            group = _group(player, card.effect)
            top = min(len(group), max(int(k) for k in card.effect["table"]))
            found.extend(Play(card.slug, k) for k in range(1, top + 1))
        elif card.effect is not None and resolver.available(card.effect):
            found.append(Play(card.slug))
    for uid in player.board:
        card = DATA.cards[uid]
        if card.action is not None and uid not in player.used and resolver.available(card.action):
            found.append(Use(card.slug))
    for tile in player.bonus:
        bonus = DATA_BONUS[tile]
        if not bonus.passive and resolver.available(bonus.effect):
            found.append(Bonus(bonus.slug))
    found.extend(_standing_orders(state, player))
    found.append(Done())
    return found


def _standing_orders(state: State, player: Player) -> list[Move]:
    """Orders for the later phases of this round that may ride along with the action turn (``R-PBEM-5``)."""
    found: list[Move] = []
    if "S" in state.competitions and state.beatrice:
        found.extend(OrderUp(m) for m in player.markers if m not in player.up_order)
    if len(player.keep) < DATA.hand_limit < len(player.hand):
        held: dict[str, int] = {}
        for uid in player.hand:
            held[DATA.cards[uid].slug] = held.get(DATA.cards[uid].slug, 0) + 1
        found.extend(OrderKeep(s) for s, n in held.items() if player.keep.count(s) < n)
    return found


def _group(player: Player, effect: dict[str, Any]) -> list[str]:
    """The cards in hand that may join a group play of this kind (same tag, group_play effect)."""
    return [
        uid for uid in player.hand
        if DATA.cards[uid].tag == effect["tag"] and (DATA.cards[uid].effect or {}).get("op") == "group_play"
    ]


def play_white(resolver: Resolver, card_slug: str, count: int) -> None:
    player = resolver.player
    first = cards_in_hand(player, card_slug)[0]
    card = DATA.cards[first]
    assert card.effect is not None
    if card.effect["op"] == "group_play":
        group = [first] + [uid for uid in _group(player, card.effect) if uid != first][: count - 1]
        for uid in group:
            player.hand.remove(uid)
            player.played.append(uid)
        resolver.run({"op": "lose_vote", "n": card.effect["table"][str(len(group))]})
        resolver.events.extend(("play_white", card.effect["tag"]) for _ in group)
        return
    player.hand.remove(first)
    player.played.append(first)
    resolver.resolving = first
    before = player.megaphones
    resolver.run(card.effect)
    resolver.resolving = ""
    if card.tag:
        resolver.events.append(("play_white", card.tag))
    if player.megaphones > before:
        resolver.events.append(("white_megaphones", player.megaphones - before))


def board_black(resolver: Resolver, card_slug: str, replace: str) -> None:
    player = resolver.player
    uid = cards_in_hand(player, card_slug)[0]
    if replace:
        old = next(b for b in player.board if DATA.cards[b].slug == replace)
        player.board.remove(old)
        if old in player.used:
            player.used.remove(old)
        resolver.state.removed.append(old)
    player.hand.remove(uid)
    player.board.append(uid)


def use_black(resolver: Resolver, card_slug: str) -> None:
    player = resolver.player
    uid = next(b for b in player.board if DATA.cards[b].slug == card_slug)
    player.used.append(uid)
    action = DATA.cards[uid].action
    assert action is not None
    resolver.run(action)


def use_bonus(resolver: Resolver, tile_slug: str) -> None:
    player = resolver.player
    tile = next(t for t in player.bonus if DATA_BONUS[t].slug == tile_slug)
    player.bonus.remove(tile)
    resolver.state.bonus_tiles.append(tile)
    resolver.run(DATA_BONUS[tile].effect)


def _end_actions(state: State) -> None:
    if "E" in state.competitions:
        _hyde_park(state)
    if "S" in state.competitions:
        _dame_beatrice(state)
    state.phase = "compensation"
    state.turn = -1
    _next_owed(state)


# --- Hyde Park (R-HP) and Dame Beatrice (R-DB) ---------------------------------------


def _hyde_park(state: State) -> None:
    counts = {p.seat: p.megaphones for p in state.players}
    fewest = min(counts.values())
    for player in state.players:
        resolver = Resolver(state, player.seat, ())
        if counts[player.seat] == fewest:
            resolver.run(DATA.hyde_fewest)
            continue
        place = 1 + sum(1 for c in counts.values() if c > counts[player.seat])
        loss = DATA.hyde_loss.get(place, {}).get(state.round, 0)
        if loss:
            resolver.run({"op": "lose_vote", "n": loss})
    for player in state.players:
        player.megaphones = 0


def _immune_space_ids() -> set[str]:
    return {
        space.id
        for side in DATA.sides.values()
        for space in side.spaces
        if space.effect["op"] == "beatrice_immunity"
    }


IMMUNITY = _immune_space_ids()


def affected_markers(player: Player, tile_id: str) -> list[str]:
    """The markers the revealed Dame Beatrice tile moves up for this player (``R-DB-1``)."""
    tile = next(t for t in DATA.beatrice if t.id == tile_id)
    where = player.markers
    if tile.kind == "columns":
        return [m for m, (_, c) in where.items() if c in tile.columns]
    if tile.kind == "rows":
        return [m for m, (r, _) in where.items() if tile.min_value <= DATA.rows[r] <= tile.max_value]
    if tile.kind == "same_row":
        return [m for m, (r, _) in where.items() if sum(1 for rr, _ in where.values() if rr == r) > 1]
    if tile.kind == "adjacent":
        return [
            m for m, (r, c) in where.items()
            if any(abs(r - rr) + abs(c - cc) == 1 for rr, cc in where.values())
        ]
    raise ValueError(f"unknown Dame Beatrice tile kind {tile.kind!r} in the component data")


def beatrice_move(player: Player, tile_id: str) -> int:
    """Move the affected markers up together, top first; return how many were blocked (``R-DB-2/3``)."""
    blocked = 0
    for marker in sorted(affected_markers(player, tile_id), key=lambda m: player.markers[m][0]):
        to = boards.target(player.markers[marker], "up")
        if to is None or to in boards.occupied(player):
            blocked += 1
        else:
            player.markers[marker] = to
    return blocked


def _dame_beatrice(state: State) -> None:
    if not state.beatrice:
        return
    for seat in state.order:
        player = state.players[seat]
        if IMMUNITY & set(player.spaces):
            continue
        blocked = beatrice_move(player, state.beatrice)
        if blocked and boards.single_steps(player, "any", ("up",)):
            state.owed[seat] = blocked


def _next_owed(state: State) -> None:
    """Start the next owed compensation or discard unit in turn order, or finish that phase."""
    for index in range(state.turn + 1, state.players_count):
        seat = state.order[index]
        if seat in state.owed:
            state.turn = index
            root = ("compensate", state.owed[seat]) if state.phase == "compensation" else ("discard", state.owed[seat])
            start_unit(state, seat, root)
            return
    if state.phase == "compensation":
        _end_of_round(state)
    else:
        _finish_round(state)


# --- end of round (R-END) ------------------------------------------------------------


def game_over(state: State) -> bool:
    """The end check (``R-END-1``): any score at or below 0, or the last round."""
    if state.round >= DATA.rounds:
        return True
    return any(score <= 0 for p in state.players for score in scores(state, p).values())


def _end_of_round(state: State) -> None:
    if game_over(state):
        state.phase = "over"
        return
    state.order = next_turn_order(state.order, state.next_order)
    for player in state.players:
        state.removed.extend(player.played)
        player.played = []
        excess = len(player.hand) - DATA.hand_limit
        if excess > 0:
            state.owed[player.seat] = excess
    state.phase = "discard"
    state.turn = -1
    _next_owed(state)


def next_turn_order(order: list[int], claims: dict[int, int]) -> list[int]:
    """Claimed positions first; the others fill the gaps keeping their relative order (``R-END-2``)."""
    claimed = set(claims.values())
    rest = iter(s for s in order if s not in claimed)
    return [claims[k] if k in claims else next(rest) for k in range(1, len(order) + 1)]


def _finish_round(state: State) -> None:
    for cards in state.sets.values():
        state.removed.extend(cards)
    state.sets = {}
    state.set_benefit = {}
    if state.central_card:
        state.removed.append(state.central_card)
        state.central_card = ""
    state.removed.extend(state.board_tiles)
    state.removed.extend(state.set_tiles.values())
    state.removed.extend(state.canvass)
    state.board_tiles, state.set_tiles, state.canvass = [], {}, []
    if state.beatrice:
        state.removed.append(state.beatrice)
        state.beatrice = ""
    for player in state.players:
        player.boys = errand_boys(state)
        player.central_boys = 0
        player.spaces = []
        player.used = []
        state.bonus_tiles.extend(player.bonus)
        player.bonus = []
        player.wild = None
        player.up_order, player.keep = [], []
    state.renaissance = True
    state.taken = {}
    state.next_order = {}
    state.borough = (state.borough + 1) % len(DATA.boroughs)
    _prepare(state)


# --- units ---------------------------------------------------------------------------


def start_unit(state: State, seat: int, root: tuple[Any, ...]) -> State:
    """Run a new unit on ``state`` (mutated), keeping a snapshot to replay it from."""
    return run_unit(state, seat, root, (), state.snapshot(seat))


def run_unit(state: State, seat: int, root: tuple[Any, ...], choices: tuple[Move, ...], snapshot: State) -> State:
    resolver = Resolver(state, seat, choices)
    try:
        _execute(resolver, root)
        resolver.fire_triggers()
    except NeedChoice as need:
        state.pending = Pending(seat, root, snapshot, choices, need.prompt)
        return state
    state.pending = None
    _after_unit(state, seat, root)
    return state


def _execute(resolver: Resolver, root: tuple[Any, ...]) -> None:
    kind = root[0]
    if kind == "place":
        place(resolver, root[1])
    elif kind == "play":
        play_white(resolver, root[1], root[2])
    elif kind == "board":
        board_black(resolver, root[1], root[2])
    elif kind == "use":
        use_black(resolver, root[1])
    elif kind == "bonus":
        use_bonus(resolver, root[1])
    elif kind == "compensate":
        for _ in range(root[1]):
            if not resolver.move_up_penalty(resolver.player.up_order):
                break
    elif kind == "discard":
        _discard(resolver, root[1])
    else:
        raise ValueError(f"unknown unit {kind!r}")


def _discard(resolver: Resolver, count: int) -> None:
    """Discard ``count`` cards: the ones not kept by a standing order go first (``R-PBEM-5``)."""
    player = resolver.player
    kept = _kept(player)
    for i in range(count):
        loose = [uid for uid in player.hand if uid not in kept]
        if kept and len(loose) == count - i:
            for uid in loose:
                player.hand.remove(uid)
                resolver.state.removed.append(uid)
            return
        slugs = list(dict.fromkeys(DATA.cards[uid].slug for uid in (loose or player.hand)))
        choice = resolver.ask("discard", TN("discard %(n)s more card", "discard %(n)s more cards", count - i),
                              [Discard(s) for s in slugs])
        assert isinstance(choice, Discard)
        uid = cards_in_hand(player, choice.card)[0]
        player.hand.remove(uid)
        resolver.state.removed.append(uid)


def _kept(player: Player) -> set[str]:
    """The cards in hand the player's keep order names, copy by copy."""
    kept: set[str] = set()
    for card_slug in player.keep:
        free = [uid for uid in cards_in_hand(player, card_slug) if uid not in kept]
        if free:
            kept.add(free[0])
    return kept


def _after_unit(state: State, seat: int, root: tuple[Any, ...]) -> None:
    if root[0] == "place":
        state.retrieval = False
        _next_errand(state)
    elif root[0] in ("compensate", "discard"):
        state.owed.pop(seat, None)
        _next_owed(state)


# --- the protocol's legal and apply --------------------------------------------------


def legal(state: State, seat: int) -> list[Move]:
    if state.phase == "over":
        return []
    if state.pending is not None:
        return list(state.pending.prompt.options) if state.pending.seat == seat else []
    if seat != state.current:
        return []
    if state.phase == "errands":
        return legal_places(state, seat)
    if state.phase == "actions":
        return legal_actions(state, seat)
    return []


def to_act(state: State) -> set[int]:
    if state.phase == "over":
        return set()
    if state.pending is not None:
        return {state.pending.seat}
    return {state.current}


def is_legal(state: State, seat: int, move: Move) -> bool:
    """Whether ``move`` is in ``legal(state, seat)``, checked without listing every errand space."""
    if state.pending is not None:
        return state.pending.seat == seat and move in state.pending.prompt.options
    if state.phase in ("errands", "actions") and seat == state.current:
        if isinstance(move, Place):
            return state.phase == "errands" and _is_open(Resolver(state, seat, ()), move.space)
        if isinstance(move, Done):
            return state.phase == "actions"
        if isinstance(move, (OrderUp, OrderKeep)):
            return state.phase == "actions" and move in _standing_orders(state, state.players[seat])
    return move in legal(state, seat)


def apply(state: State, seat: int, move: Move) -> State:
    if not is_legal(state, seat, move):
        raise IllegalMove(_why_illegal(state, seat, move, legal(state, seat)))
    if state.pending is not None:
        state.take_over(_resumed(state, seat, move))
        return state
    return _play(state, seat, move)


def after(state: State, seat: int, move: Move) -> State:
    """The state after ``move``, one of ``legal(state, seat)``, with ``state`` left as it was.

    The greedy bot looks one move ahead on every legal move, in every
    playout of the search bot, so this skips what ``apply`` needs for a move
    from outside: the legality check, and for a choice inside a unit the copy
    of a state the replay never reads (it starts again from the snapshot).
    """
    if state.pending is not None:
        return _resumed(state, seat, move)
    return _play(state.clone(), seat, move)


def _resumed(state: State, seat: int, move: Move) -> State:
    """The pending unit replayed from its snapshot with ``move`` as its next choice: a fresh state."""
    pending = state.pending
    assert pending is not None
    return run_unit(pending.snapshot.clone(), seat, pending.root, pending.choices + (move,), pending.snapshot)


def _play(state: State, seat: int, move: Move) -> State:
    """Play a legal move outside a unit on ``state`` (changed)."""
    if isinstance(move, Done):
        _next_action_turn(state)
        return state
    if isinstance(move, OrderUp):
        state.players[seat].up_order.append(move.marker)
        return state
    if isinstance(move, OrderKeep):
        state.players[seat].keep.append(move.card)
        return state
    return start_unit(state, seat, _root(move))


def _root(move: Move) -> tuple[Any, ...]:
    if isinstance(move, Place):
        return ("place", move.space)
    if isinstance(move, Play):
        return ("play", move.card, move.count)
    if isinstance(move, Board):
        return ("board", move.card, move.replace)
    if isinstance(move, Use):
        return ("use", move.card)
    if isinstance(move, Bonus):
        return ("bonus", move.tile)
    raise ValueError(f"{move} does not start a unit")


def _why_illegal(state: State, seat: int, move: Move, options: list[Move]) -> Text:
    if state.phase == "over":
        return T("the game is over")
    if not options:
        return T("seat %(seat)s owes no decision now (waiting for seat %(waiting)s)",
                 seat=seat + 1, waiting=min(to_act(state)) + 1)
    shown = ", ".join(str(m) for m in options[:8]) + (" …" if len(options) > 8 else "")
    return T("%(move)s is not legal now; legal: %(legal)s", move=Notation(str(move)), legal=Notation(shown))


def competitions_option(value: Any) -> tuple[str, ...]:
    """Parse the competitions option: two or three of possessions, election, society."""
    names = {v: k for k, v in ({"P": "possessions", "E": "election", "S": "society"}).items()}
    if isinstance(value, str):
        value = [v for v in value.replace("+", ",").split(",") if v.strip()]
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"competitions must be a list such as ['election', 'society'], not {value!r}")
    chosen = set()
    for item in value:
        key = str(item).strip().lower()
        code = names.get(key) or (key.upper() if key.upper() in COMPETITIONS else None)
        if code is None:
            raise ValueError(f"unknown competition {item!r}; choose two or three of possessions, election, society")
        chosen.add(code)
    if len(chosen) < 2:
        raise ValueError(f"choose two or three different competitions (possessions, election, society), got {sorted(value)}")
    return tuple(c for c in COMPETITIONS if c in chosen)
