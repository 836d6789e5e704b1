"""The service shell: mail, database, clock and command line.

This is the only package with side effects; ``engine`` and ``tournaments``
stay pure and are driven from here.
"""
