"""Operations: settings (``config``), the database and its schema (``db``, ``schema``, ``migrations/``),
backups (``backup``), the checks before pbem mails anyone (``preflight``), the serve log (``logs``), the
health ``pbem status`` reads (``health``), the Prometheus metrics (``metrics``) and the crash hook the
fault tests use (``faults``)."""
