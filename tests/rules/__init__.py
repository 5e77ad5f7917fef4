"""Tests of the rules core (tablelife/rules)."""
