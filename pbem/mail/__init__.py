"""Mail in and out: the SMTP listener and the serve loop (``server``), the IMAP poller (``imap``), the
pipeline that stores every message raw first (``pipeline``), reading a raw mail (``inbound/``), the
outbox worker (``outbox``), bounces (``bounces``) and the addresses that prove what they answer
(``tokens``). A change to how mail arrives, leaves or comes back goes here."""
