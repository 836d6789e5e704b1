"""Simulations and benchmarks beside the service: scripted players (``swarm``), the demo (``demo``), a
calendar of people answering (``calendar``), and the mail loop's floor (``bench_floor``); the
``pbem bench`` commands that run them are :mod:`pbem.cli.bench`. They import the service; nothing that runs a league imports
them (``tests/test_layout.py``)."""
