"""Moved to `core.settings` (issue 15): this alias only keeps branches written before the move
importing; nothing in this tree uses it. Import `core.settings` instead."""
from core.settings import DEFAULT_MODEL, Settings, default_data_dir

__all__ = ["DEFAULT_MODEL", "Settings", "default_data_dir"]
