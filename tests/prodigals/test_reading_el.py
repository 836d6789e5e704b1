"""Prodigals replies in Greek read by meaning: a clause of purpose after the move («…, για να …»), "together with"
(«μαζί με»), "and finally" («και τέλος») before the last move, and the done phrase with a word mistyped.

Each class is checked with sentences of its own (not the corpora's), accented, unaccented and in Latin letters,
and attacked: a negation or a condition inside the clause of purpose, a purpose clause opening the line, "done
with" after «τέλος», a negated done phrase."""

from __future__ import annotations

import pytest

from engine import AmbiguousMove, MoveError
from tests.engine.test_meaning import read


@pytest.mark.parametrize(("name", "text", "means"), [
    ("errands", "Στέλνω το ημίψηλο στο Heckle, για να κερδίσω ψήφους.", ["place e-heckle"]),
    ("errands", "Paw sto Heckle gia na kerdisw psifous", ["place e-heckle"]),
    ("errands", "Βάζω βοηθό στο Heckle ώστε να έχω περισσότερες ψήφους", ["place e-heckle"]),
    ("errands3", "Βάζω βοηθό στη δημοπρασία, να πουλήσω κάτι.", ["place p-auction"]),
    ("errands3", "Πηγαίνω στη δημοπρασία προκειμένου να πουλήσω κάποια ιδιοκτησία.", ["place p-auction"]),
    ("hand", "Παίζω το Rude Remark, για να κερδίσω.", ["play rude-remark"]),
])
def test_a_clause_of_purpose_after_the_move_is_passed_over(name: str, text: str, means: list[str]) -> None:
    """«…, για να κερδίσω ψήφους»: the clause says why, or what a later decision will be without choosing it."""
    assert read("prodigals", "el", name, text) == means


def test_a_clause_of_purpose_that_chooses_is_read() -> None:
    """«για να κατεβάσω τον πρώτο κύριο»: the clause names the next decision's move, which is read with it."""
    assert read("prodigals", "el", "hand", "Παίζω το Rude Remark για να κατεβάσω τον πρώτο κύριο.") == [
        "play rude-remark", "move gent1 down"]


@pytest.mark.parametrize(("name", "text"), [
    ("errands", "Πάω στο Heckle, για να μην πάρει άλλος τις ψήφους."),  # a negation inside the clause
    ("errands", "Πάω στο Heckle, για να πάρω ψήφους αν γίνεται να μην χάσω."),
    ("errands", "Δεν πάω στο Heckle, για να κερδίσω ψήφους."),
    ("errands", "Πάω στο Snub για να κατεβάσω τον πρώτο κύριο ή την πρώτη κυρία"),
])
def test_a_clause_of_purpose_with_a_negation_or_a_choice_is_never_passed_over(name: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "el", name, text)


@pytest.mark.parametrize("text", [
    "Παίζω Champagne for Everyone μαζί με ένα A Little More Time",
    "Σαμπάνια για Όλους, και μαζί της ένα Λίγο Περισσότερο Χρόνο.",
    "Paizw Champagne for Everyone mazi me ena A Little More Time",
])
def test_together_with_is_with(text: str) -> None:
    """«μαζί με», «μαζί της»: "with" said of one thing, no "both" of what the part says."""
    assert read("prodigals", "el", "hand", text) == ["play champagne-for-everyone", "lmt 1"]


def test_together_with_negated_is_never_played() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "el", "hand", "Champagne for Everyone χωρίς μαζί με A Little More Time")


@pytest.mark.parametrize("text", ["Ανεβάζω τον κύριο 1 και τέλος την κυρία 2.",
                                  "Ανεβαζω τον κυριο 1 και στο τελος την κυρια 2"])
def test_and_finally_before_the_last_move_ends_nothing(text: str) -> None:
    """«και τέλος …»: "and finally", the last move coming, not the turn's end."""
    assert read("prodigals", "el", "actions", text) == ["order up gent1", "order up lady2"]


@pytest.mark.parametrize("text", ["Ανεβάζω τον κύριο 1 και τέλος για την κυρία 2",
                                  "Ανεβάζω τον κύριο 1 και τέλος με την κυρία 2"])
def test_done_with_a_thing_is_never_finally(text: str) -> None:
    """«τέλος για την κυρία 2»: done with her, which may be what keeps her where she is."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "el", "actions", text)


def test_and_finally_at_the_end_is_the_turns_end() -> None:
    assert read("prodigals", "el", "actions", "Ανεβάζω τον κύριο 1 και τέλος.") == ["order up gent1", "done"]


@pytest.mark.parametrize("text", ["Τελίωσα με τη σειρά μου.", "Teliwsa th seira mou", "πασάρω"])
def test_a_done_phrase_mistyped_or_passing_ends_the_turn(text: str) -> None:
    """«τελίωσα» for «τελείωσα» (the same sound, spelt as heard), «πασάρω»: I pass."""
    assert read("prodigals", "el", "actions", text) == ["done"]


def test_a_done_phrase_mistyped_and_negated_is_refused() -> None:
    with pytest.raises(MoveError):
        read("prodigals", "el", "actions", "Δεν τελίωσα τη σειρά μου.")


@pytest.mark.parametrize(("name", "text"), [
    ("actions", "Ανεβάζω τον κύριο 1 ή την κυρία 2"),  # «ή», or: no «η», the, however it folds
    ("actions", "Η κυρία 2 Ή ο κύριος 1 πάνω"),
    ("errands", "Πάω στο Snub για να κατεβάσω τον πρώτο κύριο ή την πρώτη κυρία"),
])
def test_or_told_from_the_by_its_accent_is_never_played(name: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "el", name, text)


@pytest.mark.parametrize(("language", "text", "means"), [
    ("el", "Βάζω βοηθό στο Heckle και μετά παίρνω ψήφους", ["place e-heckle"]),
    ("el", "Snub, και κατεβάζω την κυρία της δεξιάς στήλης", ["place s-snub", "move lady2 down"]),
    ("el", "Snub. Κατεβάζω τον δεύτερο κύριο.", ["place s-snub", "move gent2 down"]),
    ("en", "Snub, then gent 2 down", ["place s-snub", "move gent2 down"]),
])
def test_a_space_said_by_its_own_name_is_no_set_holding_a_card_of_that_word(language: str, text: str,
                                                                            means: list[str]) -> None:
    """"Snub" is the space Snub, not the set holding "Snub the Hostess": a name said whole names its own thing."""
    assert read("prodigals", language, "errands", text)[:len(means)] == means


@pytest.mark.parametrize("text", ["Το σετ με το Snub", "Τα χαρτιά με το Snub the Hostess", "Snub the Hostess"])
def test_a_set_named_by_its_card_is_still_the_set(text: str) -> None:
    assert read("prodigals", "el", "errands", text) == ["place s-set1"]


def test_a_word_of_a_cards_name_after_a_word_passed_over_is_asked() -> None:
    """«η ομάδα με το Snub»: a word passed over (a group) may be what says the set is meant."""
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "el", "errands", "Διαλέγω την ομάδα με το Snub")


@pytest.mark.parametrize(("name", "text"), [
    ("errands", "Snub, ανεβαζω τον πρωτο κυριο"),  # «ανεβάζω», raise, unaccented: never a slip of «κατεβάζω»
    ("hand", "Παίζω Rude Remark, ανεβαζω τον πρωτο κυριο"),
    ("hand", "Paizw Rude Remark, anevazw ton prwto kyrio"),
])
def test_raising_a_marker_is_never_lowering_it(name: str, text: str) -> None:
    with pytest.raises((MoveError, AmbiguousMove)):
        read("prodigals", "el", name, text)


@pytest.mark.parametrize("text", ["Ανεβαζω τον κυριο 1", "anevazw ton kyrio 1", "Ανεβάζω τον κύριο 1"])
def test_raising_a_marker_is_its_order_up(text: str) -> None:
    assert read("prodigals", "el", "actions", text) == ["order up gent1"]
