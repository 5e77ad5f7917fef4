"""Icons and the desktop entry (installed as tablelife.resources)."""
