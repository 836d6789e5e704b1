"""The examples in the inbound modules' docstrings stay true."""

from __future__ import annotations

import doctest

import pbem.play.commands
import pbem.mail.inbound


def test_docstring_examples_of_read_mail_and_read_command_hold() -> None:
    for module in (pbem.mail.inbound, pbem.play.commands):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
