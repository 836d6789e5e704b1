"""Play: a game loaded and changed under its version (``store``), turns through the engine protocol
(``turns``), the reply chain (``chain``), the commands players mail (``commands/``), composing the
mails a change causes (``mails``), deadlines and reminders (``deadlines``), players (``players``), and
the service that wires them (``service``). A change to what a reply, a deadline or a player command
does goes here."""
