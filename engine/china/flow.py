"""The turn flow: setup, the legal steps of a turn, and applying them.

Sections 5-9 of the rulebook. Each step is checked against the board as it stands
(D4), so ``legal`` lists exactly the steps from which the turn can still be
completed: a player is never left holding played cards with nowhere to put
the pieces.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product
from types import MappingProxyType

from engine.china.data import BOARDS, Components, Side
from engine.china.moves import DECK, EMISSARY, FORTRESS, PAGODA, Draw, Exchange, Move, Pass, Place, Play, format_move
from engine.china.scoring import Roads, alliance_points, province_points, road_score
from engine.china.state import ACT, DRAW, OVER, PLACE, State
from engine.errors import IllegalMove
from engine.text import Notation, T, Text, TN

COMPONENTS: Components = BOARDS.components
COLOURS = COMPONENTS.colours
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
POINT_KINDS = ("provinces", "alliances", "roads")


def setup(side: Side, players: int, seed: int, fortresses: bool, start: int = 0) -> State:
    """Section 5: remove cards by player count, shuffle, deal 3 each, turn up 4; ``start`` takes the Emperor."""
    removed_each = COMPONENTS.removed[players]
    deck = [c for c, n in enumerate(COMPONENTS.cards) for _ in range(n - removed_each)]
    random.Random(seed).shuffle(deck)
    hands = [[0] * len(COLOURS) for _ in range(players)]
    for _ in range(COMPONENTS.hand_size):
        for seat in range(players):
            hands[seat][deck.pop()] += 1
    display: list[int | None] = [deck.pop() for _ in range(COMPONENTS.display_size)]
    count = len(side.provinces)
    return State(
        side=side,
        seed=seed,
        players=players,
        fortresses=fortresses,
        start=start,
        current=start,
        hands=hands,
        deck=deck,
        display=display,
        discard=[0] * len(COLOURS),
        removed=[removed_each] * len(COLOURS),
        owner=[-1] * len(side.sites),
        fortress=[False] * len(side.sites),
        pagodas_in=[[0] * players for _ in range(count)],
        emissaries_in=[[0] * players for _ in range(count)],
        free=[len(s) for s in side.province_sites],
        scored=[False] * count,
        supply_pagodas=[COMPONENTS.pagodas] * players,
        supply_emissaries=[COMPONENTS.emissaries] * players,
        supply_fortresses=[COMPONENTS.fortresses if fortresses else 0] * players,
        points={kind: [0] * players for kind in POINT_KINDS},
    )


# --- funding and room -------------------------------------------------------


def pieces_funded(cards: tuple[int, ...], colour: int) -> int:
    """How many pieces these cards pay for in a province of ``colour``; 0 if they are no exact funding (A2, D5)."""
    return FUNDING[cards][colour]


def _funding(cards: tuple[int, ...], colour: int) -> int:
    naturals = cards.count(colour)
    others = [c for c in cards if c != colour]
    if not others:
        return naturals if naturals in (1, 2) else 0
    if len(others) == 2 and others[0] == others[1] and naturals <= 1:
        return naturals + 1
    return 0


def is_empty(state: State, province: int) -> bool:
    """No pagoda and no emissary of anyone: the 3-2-1 rule allows only one piece here (A3, D3)."""
    return state.free[province] == len(state.side.province_sites[province]) and not any(
        state.emissaries_in[province]
    )


def _one_fits(free: int, bare: int, emissaries: int, limit: int, pagodas: int, envoys: int, forts: int) -> bool:
    """Whether one more piece of any kind fits, from counts alone.

    ``free`` sites without a pagoda, ``bare`` of them without a fortress either;
    ``pagodas``/``envoys``/``forts`` are the player's supplies.
    """
    return (pagodas > 0 and free > 0) or (envoys > 0 and emissaries < limit) or (forts > 0 and bare > 0)


def _counts(state: State, seat: int, province: int) -> tuple[int, int, int, int, int, int, int, int]:
    bare = state.free[province]
    if state.fortresses:
        bare = sum(1 for s in state.side.province_sites[province] if state.owner[s] < 0 and not state.fortress[s])
    return (
        state.free[province],
        bare,
        sum(state.emissaries_in[province]),
        state.emissary_limit(province),
        state.pagodas_in[province][seat],
        state.supply_pagodas[seat],
        state.supply_emissaries[seat],
        state.supply_fortresses[seat],
    )


def pieces_fit(state: State, seat: int, province: int, count: int) -> bool:
    """Whether ``count`` (1 or 2) pieces can be placed one after another in the province (A4)."""
    if count == 1 and state.supply_pagodas[seat] and state.free[province]:
        return True
    free, bare, emis, limit, own, pag, env, forts = _counts(state, seat, province)
    if count == 1:
        return _one_fits(free, bare, emis, limit, pag, env, forts)
    if pag > 0 and free > 0:
        keeps_bare = bare if free > bare else bare - 1
        if _one_fits(free - 1, keeps_bare, emis, max(limit, own + 1), pag - 1, env, forts):
            return True
    if env > 0 and emis < limit and _one_fits(free, bare, emis + 1, limit, pag, env - 1, forts):
        return True
    return forts > 0 and bare > 0 and _one_fits(free, bare - 1, emis, limit, pag, env, forts - 1)


def _fits_after(state: State, seat: int, province: int, piece: str, site: int) -> bool:
    """Whether a second piece still fits after placing this first one."""
    free, bare, emis, limit, own, pag, env, forts = _counts(state, seat, province)
    if piece == PAGODA:
        now_bare = bare - (0 if state.fortress[site] else 1)
        return _one_fits(free - 1, now_bare, emis, max(limit, own + 1), pag - 1, env, forts)
    if piece == EMISSARY:
        return _one_fits(free, bare, emis + 1, limit, pag, env - 1, forts)
    return _one_fits(free, bare - 1, emis, limit, pag, env, forts - 1)


def candidate_pieces(state: State, seat: int, province: int) -> list[tuple[str, int]]:
    """Every single piece (kind, site index or -1) the seat could place in the province now."""
    found: list[tuple[str, int]] = []
    sites = state.side.province_sites[province]
    if state.supply_pagodas[seat] > 0:
        found.extend((PAGODA, s) for s in sites if state.owner[s] < 0)
    if state.supply_emissaries[seat] > 0 and sum(state.emissaries_in[province]) < state.emissary_limit(province):
        found.append((EMISSARY, -1))
    if state.supply_fortresses[seat] > 0:
        found.extend((FORTRESS, s) for s in sites if state.owner[s] < 0 and not state.fortress[s])
    return found


def funded_provinces(state: State, seat: int, cards: tuple[int, ...]) -> list[tuple[int, int]]:
    """(province, pieces) for every province these cards can fully pay for and fill with pieces now."""
    result = []
    for p, province in enumerate(state.side.provinces):
        count = pieces_funded(cards, province.colour)
        if count == 0 or (count == 2 and is_empty(state, p)):
            continue
        if pieces_fit(state, seat, p, count):
            result.append((p, count))
    return result


def _fundable(state: State, seat: int, cards: tuple[int, ...]) -> bool:
    """Whether :func:`funded_provinces` would find anything (stops at the first)."""
    for colour, count in enumerate(FUNDING[cards]):
        if count:
            for p in state.side.colour_provinces[colour]:
                if (count == 1 or not is_empty(state, p)) and pieces_fit(state, seat, p, count):
                    return True
    return False


# --- legal steps ------------------------------------------------------------


def hand_choices(hand: list[int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct sub-multiset of 1 to 3 cards of the hand, as sorted colour tuples."""
    return CHOICES[tuple(hand)]


def _choices(hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    cards = [c for c, n in enumerate(hand) for _ in range(n)]
    choices: set[tuple[int, ...]] = set()
    size = len(cards)
    for mask in range(1, 1 << size):
        chosen = tuple(cards[i] for i in range(size) if mask >> i & 1)
        if len(chosen) <= 3:
            choices.add(chosen)
    return tuple(sorted(choices))


# Every play of 1-3 cards and every hand of up to 3 cards, worked out once: the
# funding rule and the hand's choices are looked up, not recomputed, in play.
FUNDING = MappingProxyType({
    cards: tuple(_funding(cards, colour) for colour in range(len(COLOURS)))
    for size in (1, 2, 3) for cards in combinations_with_replacement(range(len(COLOURS)), size)
})
PLAYS = MappingProxyType({cards: Play(tuple(COLOURS[c] for c in cards)) for cards in FUNDING})
DRAWS = MappingProxyType({source: Draw(source) for source in (DECK, *COLOURS)})
EXCHANGES = MappingProxyType({(c, source): Exchange(c, source) for c in COLOURS for source in (DECK, *COLOURS)})
CHOICES = MappingProxyType({
    hand: _choices(hand)
    for hand in product(range(COMPONENTS.hand_size + 1), repeat=len(COLOURS))
    if sum(hand) <= COMPONENTS.hand_size
})


def to_act(state: State) -> set[int]:
    """The seat whose turn it is; nobody once the game is over."""
    return set() if state.phase == OVER else {state.current}


def legal(state: State, seat: int) -> list[Move]:
    if state.phase == OVER or seat != state.current:
        return []
    if state.phase == ACT:
        return _legal_act(state, seat)
    if state.phase == PLACE:
        return _legal_place(state, seat)
    return _legal_draw(state)


def _legal_act(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    for cards in hand_choices(state.hands[seat]):
        if _fundable(state, seat, cards):
            moves.append(PLAYS[cards])
    moves.extend(_exchanges(state, seat))
    return moves or [Pass()]


def _exchanges(state: State, seat: int) -> list[Move]:
    takes = _sources(state)
    return [EXCHANGES[COLOURS[c], take] for c, n in enumerate(state.hands[seat]) if n for take in takes]


def _sources(state: State) -> list[str]:
    """Where a card can be taken from now: the deck's top and each colour in the display."""
    shown = sorted({c for c in state.display if c is not None})
    return ([DECK] if state.deck else []) + [COLOURS[c] for c in shown]


def _legal_place(state: State, seat: int) -> list[Move]:
    moves: list[Move] = []
    if state.province >= 0:
        name = state.side.provinces[state.province].id
        return [Place(name, piece, _site(state, s)) for piece, s in candidate_pieces(state, seat, state.province)]
    for p, count in funded_provinces(state, seat, state.played):
        name = state.side.provinces[p].id
        for piece, s in candidate_pieces(state, seat, p):
            if count == 1 or _fits_after(state, seat, p, piece, s):
                moves.append(Place(name, piece, _site(state, s)))
    return moves


def _legal_draw(state: State) -> list[Move]:
    return [DRAWS[source] for source in _sources(state)]


def _site(state: State, site: int) -> str | None:
    return state.side.sites[site] if site >= 0 else None


# --- applying steps ---------------------------------------------------------


def apply(state: State, seat: int, move: Move) -> State:
    """Apply one step in place; an illegal step raises IllegalMove and changes nothing."""
    if move not in legal(state, seat):
        raise IllegalMove(why_illegal(state, seat, move))
    if isinstance(move, Play):
        _play(state, seat, move)
    elif isinstance(move, Place):
        _place(state, seat, move)
    elif isinstance(move, Draw):
        _take(state, seat, move.source)
        _after_draw(state, seat)
    elif isinstance(move, Exchange):
        _exchange(state, seat, move)
    else:
        _finish_turn(state, refill=False)
    return state


def _play(state: State, seat: int, move: Play) -> None:
    cards = tuple(COLOUR_INDEX[c] for c in move.cards)
    for c in cards:
        state.hands[seat][c] -= 1
        state.discard[c] += 1
    state.played = cards
    state.province = -1
    state.phase = PLACE


def _place(state: State, seat: int, move: Place) -> None:
    side = state.side
    p = next(i for i, prov in enumerate(side.provinces) if prov.id == move.province)
    if state.province < 0:
        state.province = p
        state.pieces_left = pieces_funded(state.played, side.provinces[p].colour)
    if move.piece == PAGODA:
        site = side.sites.index(move.site)
        state.owner[site] = seat
        state.pagodas_in[p][seat] += 1
        state.free[p] -= 1
        state.supply_pagodas[seat] -= 1
        if state.free[p] == 0:
            score_province(state, p)
    elif move.piece == EMISSARY:
        state.emissaries_in[p][seat] += 1
        state.supply_emissaries[seat] -= 1
    else:
        state.fortress[side.sites.index(move.site)] = True
        state.supply_fortresses[seat] -= 1
    state.pieces_left -= 1
    if state.pieces_left == 0:
        state.phase = DRAW
        _after_draw(state, seat)


def _after_draw(state: State, seat: int) -> None:
    """Keep drawing until the hand is full or no card is left anywhere (A7), then end the turn."""
    if sum(state.hands[seat]) >= COMPONENTS.hand_size or not _sources(state):
        _finish_turn(state, refill=True)


def _take(state: State, seat: int, source: str) -> None:
    """Move one card into the hand from the deck's top or a display card of that colour."""
    if source == DECK:
        state.hands[seat][state.deck.pop()] += 1
        if not state.deck:
            exhaust_deck(state)
        return
    colour = COLOUR_INDEX[source]
    slot = state.display.index(colour)
    state.display[slot] = None
    state.hands[seat][colour] += 1


def _exchange(state: State, seat: int, move: Exchange) -> None:
    colour = COLOUR_INDEX[move.discard]
    state.hands[seat][colour] -= 1
    state.discard[colour] += 1
    _take(state, seat, move.take)
    _finish_turn(state, refill=True)


def exhaust_deck(state: State) -> None:
    """Section 7: the first time the discards become the new deck, the second time the end is triggered."""
    state.exhaustions += 1
    if state.exhaustions == 1:
        deck = [c for c, n in enumerate(state.discard) for _ in range(n)]
        random.Random(f"china-reshuffle-{state.seed}").shuffle(deck)
        state.deck = deck
        state.discard = [0] * len(COLOURS)
        if deck:
            return
        state.exhaustions = 2
    state.end_triggered = True


def _refill_display(state: State) -> None:
    for slot, card in enumerate(state.display):
        if card is None and state.deck:
            state.display[slot] = state.deck.pop()
            if not state.deck:
                exhaust_deck(state)


def _finish_turn(state: State, refill: bool) -> None:
    """A8-A9: refill the display, then the end checks of section 9, then the next seat."""
    if refill:
        _refill_display(state)
    state.played = ()
    state.province = -1
    state.pieces_left = 0
    last = (state.start - 1) % state.players
    if not anyone_can_place(state) or (state.end_triggered and state.current == last):
        final_scoring(state)
        state.phase = OVER
        return
    state.current = (state.current + 1) % state.players
    state.turn += 1
    state.phase = ACT


def anyone_can_place(state: State) -> bool:
    """D12: some player has a pagoda and a free site exists, or an emissary and a court has room."""
    if any(state.free) and any(state.supply_pagodas):
        return True
    room = any(sum(e) < max(h) for e, h in zip(state.emissaries_in, state.pagodas_in))
    return room and any(state.supply_emissaries)


# --- scoring ------------------------------------------------------------------


def fortified_in(state: State, province: int) -> list[bool]:
    """Per seat: owns a pagoda standing on a fortress in the province."""
    result = [False] * state.players
    for s in state.side.province_sites[province]:
        if state.fortress[s] and state.owner[s] >= 0:
            result[state.owner[s]] = True
    return result


def score_province(state: State, province: int) -> None:
    """Section 8, then the scoring marker."""
    points = province_points(state.pagodas_in[province], fortified_in(state, province))
    for seat, value in enumerate(points):
        state.points["provinces"][seat] += value
    state.scored[province] = True


def final_scoring(state: State) -> None:
    """Section 10: unscored provinces, alliances 1-15, roads."""
    for p, scored in enumerate(state.scored):
        if not scored and any(state.pagodas_in[p]):
            score_province(state, p)
    for alliance in state.side.alliances:
        a, b = alliance.provinces
        for seat, value in enumerate(alliance_points(state.emissaries_in[a], state.emissaries_in[b])):
            state.points["alliances"][seat] += value
    for seat in range(state.players):
        state.points["roads"][seat] += roads_of(state, seat).value


def roads_of(state: State, seat: int) -> Roads:
    """The seat's best set of chains now (section 10.3)."""
    sites = [s for s, o in enumerate(state.owner) if o == seat]
    fortified = [s for s in sites if state.fortress[s]]
    return road_score(sites, state.side.neighbours, fortified)


def pieces_left(state: State, seat: int) -> int:
    """The tie-break of section 13: pagodas, emissaries and fortresses never placed."""
    return state.supply_pagodas[seat] + state.supply_emissaries[seat] + state.supply_fortresses[seat]


# --- explaining a refusal -------------------------------------------------------


def why_illegal(state: State, seat: int, move: Move) -> Text:
    """A reason a player can act on: what was wrong and what would be right."""
    if state.phase == OVER:
        return T("the game is over")
    if seat != state.current:
        return T("it is seat %(due)s's turn, not seat %(seat)s's", due=state.current + 1, seat=seat + 1)
    expected = {
        ACT: T("play cards, exchange a card (or pass if neither is possible)"),
        PLACE: T("place the next piece of this turn"),
        DRAW: T("draw a card from the deck or the display"),
    }[state.phase]
    if isinstance(move, Play) and state.phase == ACT:
        return _why_play(state, seat, move)
    if isinstance(move, Place) and state.phase == PLACE:
        return _why_place(state, seat, move)
    if isinstance(move, (Draw, Exchange)) and state.phase in (ACT, DRAW):
        source = move.source if isinstance(move, Draw) else move.take
        if isinstance(move, Exchange) and not _in_hand(state, seat, move.discard):
            return T("you hold no card of the colour %(colour)s to discard", colour=Notation(move.discard))
        if isinstance(move, Draw) and state.phase != DRAW:
            return T("no card is drawn now; %(expected)s", expected=expected)
        available = Notation(", ".join(_sources(state))) if _sources(state) else T("nothing")
        return T("%(source)s cannot be taken now; available: %(available)s", source=Notation(source),
                 available=available)
    if isinstance(move, Pass):
        return T("you may not pass while you can play or exchange")
    return T("that is not a step you can take now; %(expected)s", expected=expected)


def _in_hand(state: State, seat: int, colour: str) -> bool:
    return colour in COLOUR_INDEX and state.hands[seat][COLOUR_INDEX[colour]] > 0


def _why_play(state: State, seat: int, move: Play) -> Text:
    if any(c not in COLOUR_INDEX for c in move.cards):
        return T("card colours are %(colours)s", colours=Notation(", ".join(COLOURS)))
    wanted = [COLOUR_INDEX[c] for c in move.cards]
    hand = state.hands[seat]
    cards = Notation(" ".join(move.cards))
    if any(wanted.count(c) > hand[c] for c in set(wanted)):
        held = hand_text(hand)
        return T("you cannot play %(cards)s; your hand: %(held)s", cards=cards, held=held)
    return T("%(cards)s pays for no placement now: each piece needs one card of the province's colour or a "
             "pair of one other colour, every card must pay, at most 2 pieces, only 1 in a province without "
             "pagodas and emissaries, and the pieces must fit", cards=cards)


def hand_text(hand: list[int]) -> Text | Notation:
    """Cards counted by colour (``red ×2, green ×1``: counts, never read as card numbers), or "no cards"; the
    colours are the notation's words."""
    if not any(hand):
        return T("no cards")
    return Notation(", ".join(f"{COLOURS[c]} ×{n}" for c, n in enumerate(hand) if n))


def _why_place(state: State, seat: int, move: Place) -> Text:
    side = state.side
    ids = [p.id for p in side.provinces]
    if move.province not in ids:
        return T("unknown province %(province)s; provinces are %(provinces)s", province=Notation(move.province),
                 provinces=Notation(", ".join(ids)))
    p = ids.index(move.province)
    province = Notation(move.province)
    if state.province >= 0 and p != state.province:
        return T("all pieces of a turn go into one province: this turn's is %(province)s",
                 province=Notation(ids[state.province]))
    if state.province < 0 and not any(q == p for q, _ in funded_provinces(state, seat, state.played)):
        return _why_not_funded(state, seat, p)
    if move.piece == EMISSARY:
        if state.supply_emissaries[seat] == 0:
            return T("you have no emissary left")
        return T("%(province)s already has %(emissaries)s emissaries, the most allowed by its largest pagoda "
                 "count (%(limit)s)", province=province, emissaries=sum(state.emissaries_in[p]),
                 limit=state.emissary_limit(p))
    if move.site is None:
        # the example is a site legal now, in the province named if it has one: site 1 may be taken or not its own
        sited = [m for m in legal(state, seat) if isinstance(m, Place) and m.piece == move.piece and m.site]
        example = next((m for m in sited if m.province == move.province), sited[0] if sited else None)
        if example is None:
            return T("a %(piece)s needs a site: write its number after it", piece=Notation(move.piece))
        return T("a %(piece)s needs a site: write its number, such as '%(example)s'", piece=Notation(move.piece),
                 example=Notation(format_move(example)))
    if move.site not in side.sites or side.site_province[side.sites.index(move.site)] != p:
        names = Notation(", ".join(side.sites[s] for s in side.province_sites[p]))
        return T("%(site)s is not a site of %(province)s; its sites are %(sites)s", site=Notation(str(move.site)),
                 province=province, sites=names)
    site = side.sites.index(move.site)
    where = Notation(move.site)
    if state.owner[site] >= 0:
        return T("%(site)s already holds a pagoda", site=where)
    if move.piece == FORTRESS and state.fortress[site]:
        return T("%(site)s already holds a fortress", site=where)
    if move.piece == FORTRESS and state.supply_fortresses[seat] == 0:
        return T("you have no fortress to place (fortress variant only, one per player)")
    if move.piece == PAGODA and state.supply_pagodas[seat] == 0:
        return T("you have no pagoda left")
    return T("after this piece the turn's second piece would not fit; choose another first piece")


def _why_not_funded(state: State, seat: int, province: int) -> Text:
    cards = Notation(" ".join(COLOURS[c] for c in state.played))
    target = state.side.provinces[province]
    where = Notation(target.id)
    count = pieces_funded(state.played, target.colour)
    if count == 0:
        return T("%(cards)s is no funding for %(province)s (colour: %(colour)s): it takes one card of that "
                 "colour per piece or a pair of one other colour, with no card left over",
                 cards=cards, province=where, colour=Notation(COLOURS[target.colour]))
    if count == 2 and is_empty(state, province):
        return T("%(cards)s pays for 2 pieces in %(province)s, but it holds no pagoda and no emissary, "
                 "so only 1 piece may go there this turn", cards=cards, province=where)
    return TN("%(cards)s pays for %(n)s piece in %(province)s, but it does not fit there now",
              "%(cards)s pays for %(n)s pieces in %(province)s, but they do not fit there now",
              count, cards=cards, province=where)
