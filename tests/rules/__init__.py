"""Tests of the rules core (app/rules)."""
