"""Simulations and benchmarks beside the service: scripted players (``swarm``), the demo (``demo``), a
calendar of people answering (``calendar``), the mail loop's floor (``bench_floor``) and the
``pbem bench`` commands (``bench/``). They import the service; nothing that runs a league imports
them (``tests/test_layout.py``)."""
