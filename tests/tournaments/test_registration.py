"""Late joins, drops and rejoins follow the definition's [registration] fields."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments import Definition, Entrant, TournamentError, drop, register


def rules(base: Definition, **fields: object) -> Definition:
    return replace(base, registration=replace(base.registration, **fields))


def test_before_round_one_everyone_joins_round_one(dragon_open: Definition) -> None:
    assert register(dragon_open, [], 5, "Eve", 0) == Entrant(5, "Eve", joined=1)


def test_late_join_until_the_named_round_starts(dragon_open: Definition) -> None:
    late = rules(dragon_open, late_until_round=2)
    assert register(late, [], 5, "Eve", 1).joined == 2
    with pytest.raises(TournamentError, match=r"players may join until round 2 starts and round 2 has started "
                                              r"\(registration.late_until_round = 2\)"):
        register(late, [], 5, "Eve", 2)


def test_no_join_once_every_round_has_started(dragon_open: Definition) -> None:
    with pytest.raises(TournamentError, match="all 3 rounds have started"):
        register(rules(dragon_open, late_until_round=9), [], 5, "Eve", 3)


def test_registering_twice_is_refused(dragon_open: Definition) -> None:
    with pytest.raises(TournamentError, match="Eve is already registered"):
        register(dragon_open, [Entrant(5, "Eve")], 5, "Eve", 0)


def test_drop_stops_after_the_round_under_way(dragon_open: Definition) -> None:
    gone = drop(Entrant(5, "Eve"), 2)
    assert gone.dropped == 2 and gone.active_in(2) and not gone.active_in(3)
    with pytest.raises(TournamentError, match="Eve already dropped after round 2"):
        drop(gone, 2)


def test_rejoin_only_where_the_definition_allows_it(dragon_open: Definition) -> None:
    gone = drop(Entrant(5, "Eve"), 1)
    with pytest.raises(TournamentError, match=r"does not let dropped players return \(registration.rejoin = false\)"):
        register(dragon_open, [gone], 5, "Eve", 1)
    back = register(rules(dragon_open, rejoin=True), [gone], 5, "Eve", 1)
    assert back.dropped is None and back.active_in(2)
