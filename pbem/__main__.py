"""``python -m pbem``: the same command line as the ``pbem`` script, without installing it."""

from pbem.cli import main

main()
