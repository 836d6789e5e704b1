"""How many tables of which sizes: the stated rule on hand-worked numbers."""

from __future__ import annotations

import pytest

from tournaments import TablePlan, TournamentError, plan_tables


@pytest.mark.parametrize(("players", "sizes", "preferred", "plan"), [
    (13, (3, 4, 5), 4, TablePlan((5, 4, 4), 0)),        # one odd table beats 4+3+3+3's three
    (14, (3, 4, 5), 4, TablePlan((5, 5, 4), 0)),        # two odd tables either way; fewer tables wins
    (16, (3, 4, 5), 4, TablePlan((4, 4, 4, 4), 0)),
    (7, (3, 4, 5), 4, TablePlan((4, 3), 0)),
    (6, (3, 4, 5), 4, TablePlan((3, 3), 0)),            # no way with a 4
    (13, (4,), 4, TablePlan((4, 4, 4), 1)),             # the sizes cannot add up: one bye
    (11, (3, 5), 5, TablePlan((5, 3, 3), 0)),
    (40, (3, 4, 5), 4, TablePlan((4,) * 10, 0)),
    (2, (3, 4, 5), 4, TablePlan((), 2)),
    (0, (3, 4, 5), 4, TablePlan((), 0)),
])
def test_plan_follows_the_stated_rule(players: int, sizes: tuple[int, ...], preferred: int, plan: TablePlan) -> None:
    assert plan_tables(players, sizes, preferred) == plan


def test_every_player_is_seated_or_has_a_bye_up_to_a_thousand() -> None:
    for players in range(3, 1000):
        plan = plan_tables(players, (3, 4, 5), 4)
        assert sum(plan.sizes) + plan.byes == players and plan.byes == 0
        assert sum(1 for s in plan.sizes if s != 4) <= 3


def test_preferred_size_must_be_allowed() -> None:
    with pytest.raises(TournamentError, match="preferred size 6 is not one of the table sizes"):
        plan_tables(10, (3, 4), 6)
