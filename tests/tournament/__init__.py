"""Tests of the event core (app/tournament)."""
