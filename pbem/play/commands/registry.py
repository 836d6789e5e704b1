"""The registry: the player commands in help order, looked up by first word, read and dispatched.

Everything that lists or recognises commands asks a :class:`Registry`: the
reader of replies, the pipeline's dispatch, and the templates (the help
mail, the footers and the refusals get it as the Jinja global ``commands``).
So a new command is its module, its line in :mod:`pbem.play.commands` and its
template block, and nothing else.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterable, Iterator

from pbem.play.commands.base import Command, CommandContext, PlayerCommand
from pbem.play.outcome import Outcome

_FIRST_WORD = re.compile(r"(\S+)(?:[ \t]+(.*))?\Z", re.DOTALL)


class Registry:
    """The player commands, in the order the help mail lists them."""

    def __init__(self, commands: Iterable[PlayerCommand]) -> None:
        self._commands: list[PlayerCommand] = []
        self._by_word: dict[str, PlayerCommand] = {}
        for command in commands:
            self._add(command)

    def __iter__(self) -> Iterator[PlayerCommand]:
        return iter(list(self._commands))

    def __len__(self) -> int:
        return len(self._commands)

    def __getitem__(self, word: str) -> PlayerCommand:
        """The command a first word (name or alias, any case) starts; KeyError naming the known ones."""
        command = self.find(word)
        if command is None:
            raise KeyError(f"no command {word!r}; the commands are {', '.join(c.name for c in self._commands)}")
        return command

    def find(self, word: str) -> PlayerCommand | None:
        return self._by_word.get(word.lower())

    def read(self, text: str) -> Command | None:
        """The command ``text`` starts with, or None when it is a move reply.

        Only the first non-empty line decides; its first word is matched in
        any case and without trailing punctuation ("Help?", "Status!"), since
        phones capitalise the first word of a mail.
        """
        stripped = text.lstrip()
        if not stripped:
            return None
        first_line, _, following = stripped.partition("\n")
        match = _FIRST_WORD.match(first_line.strip())
        if match is None:
            return None
        command = self.find(match.group(1).rstrip(".!?:,"))
        if command is None:
            return None
        return Command(command.name, command.read((match.group(2) or "").strip(), following))

    def read_mail(self, subject: str, text: str) -> Command | None:
        """The command of a mail: its text's (:meth:`read`), else its subject's when that is a command read from
        subjects (``by_subject``) and nothing else (a reply's "Re: …" never is)."""
        command = self.read(text)
        if command is not None:
            return command
        found = self.find(subject.strip().rstrip(".!?:,"))
        return Command(found.name, "") if found is not None and found.by_subject else None

    def handle(self, context: CommandContext, command: Command) -> Outcome:
        """Run the handler of a command :meth:`read` returned."""
        return self[command.name].handle(context, command.argument)

    def refusing(self, why: str) -> PlayerCommand | None:
        """The command whose template block words refusal reason ``why``; None for the pipeline's own reasons."""
        return next((command for command in self._commands if why in command.refusals), None)

    def usages(self) -> list[str]:
        """Every usage line, in help order: what a footer lists after "Commands:"."""
        return [usage for command in self._commands for usage in command.usage]

    @contextmanager
    def including(self, command: PlayerCommand) -> Iterator[PlayerCommand]:
        """Register ``command`` for the duration of a ``with`` block (a test's own command), then drop it."""
        self._add(command)
        try:
            yield command
        finally:
            self._commands.remove(command)
            for word in command.words:
                del self._by_word[word]

    def _add(self, command: PlayerCommand) -> None:
        if any(word != word.lower() or word.split() != [word] for word in command.words):
            raise ValueError(f"command {command.name!r}: its name and aliases must be single lower-case words")
        taken = [word for word in command.words if word in self._by_word]
        if taken:
            raise ValueError(f"command {command.name!r}: the word(s) {', '.join(taken)} already start "
                             f"{', '.join(sorted({self._by_word[word].name for word in taken}))}; pick others")
        self._commands.append(command)
        self._by_word.update((word, command) for word in command.words)
