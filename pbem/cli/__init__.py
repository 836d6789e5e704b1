"""The ``pbem`` command line (typer): one module per command group, mounted in :mod:`pbem.cli.main`.

This package's own module stays empty, so a module that needs one command
group's helpers (a benchmark reading game options as ``pbem game new`` does)
imports that group alone and not the whole command line.
"""
