"""The players' languages: the catalogs (``catalogs``, ``locale/``), the engines' words in a reader's
language (``words``) and rendering ``templates/email/`` in it (``letters``)."""
