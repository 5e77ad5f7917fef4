"""Tests of the event core (tablelife/tournament)."""
