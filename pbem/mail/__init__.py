"""Mail as transport: reading a raw mail (``inbound/``), IMAP (``imap``), DKIM signing (``signing``),
what a bounce reports (``bounces``) and the addresses that prove what they answer (``tokens``). It knows
nothing of games: what a reply or a bounce does to one is :mod:`pbem.play`'s."""
