"""Plumbing every floor may use, importing nothing of the library: text made safe to show, JSON that cannot change, lazy names, a quiet start under Ctrl-C."""
