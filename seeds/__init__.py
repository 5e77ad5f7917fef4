"""Data Tablelife starts from: variant presets and the rule digest (installed as
tablelife.seeds)."""
