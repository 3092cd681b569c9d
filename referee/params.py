"""Every action's parameters, from the registry (`referee.actions`): one spec list per action,
declared in the action's own module, from which every front end is built."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from core.params import ParamSpec, coerce_all
from referee.actions import ACTION_HELP, ACTIONS  # noqa: F401  (re-exported: one place declares the actions)


class _ParamsView(Mapping[str, list[ParamSpec]]):
    """action -> its specs, read from the registry (a new entry in ACTIONS is seen at once)."""

    def __getitem__(self, action: str) -> list[ParamSpec]:
        return ACTIONS[action].params

    def __iter__(self) -> Iterator[str]:
        return iter(ACTIONS)

    def __len__(self) -> int:
        return len(ACTIONS)


PARAMS: Mapping[str, list[ParamSpec]] = _ParamsView()


def validate(action: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Typed values for one action's parameters (text forms accepted, as typed on a command line)."""
    return coerce_all(PARAMS[action], params, context=action)
