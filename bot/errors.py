"""Errors shared by the front ends."""
from __future__ import annotations


class UserError(Exception):
    """Caused by what the user typed or configured: shown as one line (CLI exit code 2)."""
