"""Icons and the desktop entry (installed as app.resources)."""
