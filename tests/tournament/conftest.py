"""Event-core tests are pure Python: they never start Qt."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _private_settings() -> Iterator[None]:
    """The event core has no settings, so the Qt settings fixture of tests/conftest.py is not
    needed here; overriding it keeps Qt out of these tests altogether."""
    yield
