"""Mail templates: one ``NAME.txt.j2`` (the plain-text part) and ``NAME.html.j2`` per mail."""
