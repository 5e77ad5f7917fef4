"""Benchmarks: scripts that print figures. Timings live here, never in tests."""
