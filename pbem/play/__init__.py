"""Play: a game loaded and changed under its version (``store``), turns through the engine protocol
(``turns``), the reply chain (``chain``), mail to pbem's own address (``frontdesk``), the commands players
mail (``commands/``), what a mail shows (``shown``), composing the mails a change causes (``mails``),
deadlines and reminders (``deadlines``), what answers may cost (``budgets``), players (``players``), and
the service that wires them (``service``). A change to what a reply, a deadline or a player command
does goes here."""
