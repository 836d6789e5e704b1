"""One template block per player command (and ``early``): its confirmation and its own refusals, imported by name."""
