"""Tablelife: a life and poison tracker for Magic: The Gathering."""
