"""The linked files of one BattleScribe import: each file's root and ids, and what a catalogue can reach.

Kept apart from the reader (battlescribe.py) and the card builder (bs_cards.py), which both use it.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from units.errors import UnitDataError


def local_name(el: Any) -> str:
    """The tag without its namespace (parse_bytes strips namespaces once, so this is the tag)."""
    tag = el.tag
    return tag if isinstance(tag, str) else ""


def children(el: Any, container: str, tag: str) -> Iterator[Any]:
    """`<container><tag/>…</container>` directly under `el` (lxml filters by tag in C)."""
    for box in el.iterchildren(container):
        yield from box.iterchildren(tag)


def describe(el: Any) -> str:
    """<entryLink name='Heavy Gun Battery' targetId='w1'> (line 12): names the element at fault."""
    attrs = " ".join(f"{k}={el.get(k)!r}" for k in ("name", "id", "targetId") if el.get(k))
    return f"<{local_name(el)}{' ' + attrs if attrs else ''}> (line {el.sourceline})"


@dataclass
class BSFile:
    """One parsed file: its root and every element with an id."""

    file: str
    root: Any
    ids: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.root.get("id") or self.file)

    @property
    def kind(self) -> str:
        return local_name(self.root)

    @property
    def name(self) -> str:
        return str(self.root.get("name") or self.file)

    @property
    def revision(self) -> str | None:
        revision = self.root.get("revision")
        return str(revision) if revision is not None else None

    @property
    def is_library(self) -> bool:
        return str(self.root.get("library", "false")).lower() == "true"


class LinkGraph:
    """Every loaded file, and for each catalogue the files its links may reach."""

    def __init__(self, files: list[BSFile]) -> None:
        self.files = files
        self.by_id = {f.id: f for f in files}
        self.chars: dict[Any, dict[str, str]] = {}  # profile element -> its characteristics by key
        self.condition_ids: dict[tuple[Any, Any], frozenset[str]] = {}  # (profile, link) -> ids its conditions name
        self.modified: dict[tuple[Any, Any, frozenset[str]], tuple[str, dict[str, str], list[str]]] = {}
        self.rule_keys: dict[Any, dict[str, Any]] = {}  # file root -> its rules by name key
        self._scopes: dict[str, list[BSFile]] = {}
        self.type_names: dict[str, str] = {}
        for f in files:
            for el in f.root.iter():
                if local_name(el) in ("characteristicType", "profileType") and el.get("id"):
                    self.type_names[el.get("id")] = el.get("name") or ""

    def scope(self, bs: BSFile) -> list[BSFile]:
        """The file, its catalogueLinks (transitively) and its game system, in that order."""
        if bs.id in self._scopes:
            return self._scopes[bs.id]
        seen: list[BSFile] = []
        queue = [bs]
        while queue:
            current = queue.pop(0)
            if current in seen:
                continue
            seen.append(current)
            for link in children(current.root, "catalogueLinks", "catalogueLink"):
                target = self.by_id.get(link.get("targetId") or "")
                if target is None:
                    raise UnitDataError(f"{current.file}: {describe(link)} names a catalogue that is not among "
                                        "the imported files; import the whole folder", "paths")
                queue.append(target)
        system_id = bs.root.get("gameSystemId")
        if system_id and system_id in self.by_id and self.by_id[system_id] not in seen:
            seen.append(self.by_id[system_id])
        self._scopes[bs.id] = seen
        return seen

    def find(self, bs: BSFile, target_id: str, scope: list[BSFile]) -> Any | None:
        for f in scope:
            el = f.ids.get(target_id)
            if el is not None:
                return el
        return None

    def check_links(self, bs: BSFile) -> None:
        """Every entryLink and infoLink of the file reaches an element: else the file is refused."""
        scope = self.scope(bs)
        for el in bs.root.iter():
            if local_name(el) in ("entryLink", "infoLink"):
                target = el.get("targetId")
                if not target or self.find(bs, target, scope) is None:
                    system = bs.root.get("gameSystemId")
                    hint = "" if not system or system in self.by_id else \
                        f" (its game system {system!r} was not imported with it)"
                    raise UnitDataError(f"{bs.file}: broken link {describe(el)}: no element with that id in the "
                                        f"catalogue, its linked catalogues or its game system{hint}", "paths")
