"""``python -m pbem``: the same command line as the ``pbem`` script, without installing it."""

from pbem.cli.main import main

main()
