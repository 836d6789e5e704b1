"""Operations: settings (``config``), the database and its schema (``db``, ``tournament_tables``,
``schema``, ``migrations/``), backups (``backup``), the serve log (``logs``), the Prometheus metrics
(``metrics``) and the crash hook the fault tests use (``faults``)."""
