"""Unit profiles: the quick reference's unit cards and imported BattleScribe catalogues.

Profiles are JSON-shaped dicts (see `units.model`), stored in SQLite beside the index and
looked up by fuzzy name; `units.referee_inputs` turns them into referee parameters. The
lookup path imports neither lxml nor numpy nor torch, so `admiralty unit` starts fast.
"""
