"""Every text a player reads, as Jinja2 templates (``templates/email/``)."""
