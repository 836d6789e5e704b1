"""The errors a game raises, named as python-chess names them.

A player's reply deserves one of three answers: not notation at all
(:class:`MoveError`), notation but not legal now (:class:`IllegalMove`), or
notation that could mean several moves (:class:`AmbiguousMove`). The last two
are kinds of :class:`MoveError`, so whoever reads a reply catches one class
and learns from it which answer is due (``understood``); all are
``ValueError`` so callers that do not care can catch one thing.
"""

from __future__ import annotations

from typing import ClassVar

from engine.text import Said


class MoveError(ValueError):
    """A reply that could not be turned into moves.

    ``reason`` is what was wrong (a :class:`engine.text.Text` the shell says
    in the reader's language), ``line`` is the offending line of the reply
    (or "" for the whole reply), ``expected`` says what the game is waiting
    for, and ``suggestions`` holds the nearest legal moves in canonical
    notation, best first. ``refused`` holds, for a line of alternatives
    (``tax, else build``) none of which could be played, each alternative in
    notation with why it could not. ``understood`` is False: the line was
    not read as moves (an :class:`IllegalMove` is one that was). ``str(error)``
    is all of it in English.
    """

    understood: ClassVar[bool] = False

    def __init__(
        self,
        message: Said = "",
        *,
        line: str = "",
        expected: Said = "",
        suggestions: list[str] | None = None,
        refused: tuple[tuple[str, Said], ...] = (),
    ) -> None:
        self.reason = message
        self.line = line
        self.expected = expected
        self.suggestions = list(suggestions or [])
        self.refused = refused
        parts = [str(message)]
        if line:
            parts.append(f"(in the line {line!r})")
        parts += [f"{alternative!r}: {reason}." for alternative, reason in refused]
        if expected:
            parts.append(f"Expected now: {expected}.")
        if self.suggestions:
            parts.append("Closest legal moves: " + "; ".join(self.suggestions[:5]) + ".")
        super().__init__(" ".join(parts))

    def at(self, line: str, expected: Said = "", suggestions: list[str] | None = None) -> MoveError:
        """The same error (of the same class) quoting ``line``: the line as the player wrote it, once the reply
        loop knows which it was (a game's reader only sees the line as read, in English notation), with
        ``expected`` and ``suggestions`` where the error has none."""
        return type(self)(self.reason, line=line, expected=self.expected or expected,
                          suggestions=self.suggestions or suggestions, refused=self.refused)


class IllegalMove(MoveError):
    """A move that is well formed but not allowed now; the state is unchanged.

    ``reason`` is why, as a :class:`engine.text.Text` (or a plain str).
    ``apply`` raises it with the reason alone; a game's reader and the reply
    loop raise it with the line, what is expected and the closest moves,
    where the line read as moves the rules refuse now. It is the one way to
    say so: being a :class:`MoveError`, it is caught wherever a reply's
    errors are, and ``understood`` tells the player the move is not legal,
    not that it was not understood.
    """

    understood: ClassVar[bool] = True


class AmbiguousMove(MoveError):
    """An abbreviation that fits more than one legal move."""


class OptionError(ValueError):
    """A game option that is unknown or has a value the game does not take; the message lists what would do."""
