"""Mail in and out: the SMTP listener and the serve loop (``server``) with its database and store threads
(``steps``), the IMAP poller (``imap``), the pipeline that stores every message raw first (``pipeline``),
reading a raw mail (``inbound/``), the outbox worker (``outbox``), bounces (``bounces``), the addresses
that prove what they answer (``tokens``) and the check of every address where it enters (``addresses``).
A change to how mail arrives, leaves or comes back goes here."""
