"""The store's two user-visible failures: a bad setting, and a database that is not there."""
from __future__ import annotations

from core.errors import ServiceUnavailableError, UserInputError


class SettingValueError(UserInputError):
    """An unknown setting name, or a value outside its allowed set; the message lists the allowed ones."""

    code = "invalid_setting"


class StoreUnavailableError(ServiceUnavailableError):
    """The settings database cannot be reached right now (503); the pool reconnects when it returns."""

    code = "database_unavailable"


class StoreConfigError(UserInputError):
    """`ADMIRALTY_DATABASE_URL` is set but is not a PostgreSQL URL libpq can read."""

    code = "invalid_config"
