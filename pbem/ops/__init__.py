"""Operations: settings (``config``), the database and its schema (``db``, ``schema``, ``migrations/``),
backups (``backup``), the checks before pbem mails anyone (``preflight``) and the crash hook the fault
tests use (``faults``)."""
