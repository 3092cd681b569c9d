"""Errors a user can fix when importing or looking up unit profiles."""
from __future__ import annotations

from core.errors import UserInputError


class UnitDataError(UserInputError):
    """A BattleScribe file that cannot be imported: names the file and the element at fault."""

    code = "bad_unit_data"


class UnitLookupError(UserInputError):
    """A unit, weapon or profile value the request needs is not there."""

    code = "unit_not_found"
