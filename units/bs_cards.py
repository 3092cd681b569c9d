"""One unit card from a BattleScribe root entry: the walk of its default loadout.

BattleScribe's own semantics decide what is on the card:
- a selection is in the default loadout when its link or entry has a `min` selections
  constraint of 1 or more, or it is its group's `defaultSelectionEntryId` (or the only member
  of a group that must be chosen); everything else is an option (weapons listed as options,
  other entries with their points);
- the roster entry and the ship entry it links to (or holds) are one body: their stat
  profile, special rules (`infoLink type="rule"`, `rules`), other profiles (dw3 generators,
  dw4 Properties/Systems/Generator/SRS) and points all count;
- an entry of type model or unit reached through an optional choice, or carrying its own
  stat profile once the card has one, is another unit (an escort or attached unit): it is
  listed under `attached` and gets its own card, never its weapons on this one;
- every occurrence of a weapon is a mount (a shared weapon linked three times is three),
  counted by its `min`; modifiers set arcs and qualities when their conditions can be
  decided from the unit itself (bs_conditions), else the card says what was not resolved;
- 4th-edition Properties and Systems name rules; their text comes from the rules (the Rules
  Glossary library) the catalogue links.
"""
from __future__ import annotations

import re
from typing import Any

from units.bs_conditions import Context, added_categories, modifiers
from units.bs_graph import BSFile, LinkGraph, children
from units.bs_values import (
    ARC_NAMES,
    QUALITY_NAMES,
    char_key,
    is_stat_profile,
    is_weapon_profile,
    read_stats,
    read_weapon,
    split_list,
)
from units.model import Unit, name_key

UNIT_TYPES = {"model", "unit"}
_REVISION_TAG = re.compile(r"\s*\[(?P<rev>[\w.]+)\]\s*$")
POINTS_NAMES = {"points", "pts", "point"}
_ARC_NAME = re.compile(r"360°?|[FAPS](?:\s*[/&]\s*[FAPS])*")


def min_count(*els: Any) -> int:
    """The largest `min` selections constraint (scope parent) on these elements; 0 when none."""
    best = 0
    for el in els:
        for c in children(el, "constraints", "constraint"):
            if c.get("type") == "min" and (c.get("field") or "selections") == "selections":
                try:
                    best = max(best, int(float(c.get("value") or 0)))
                except ValueError:
                    continue
    return best


def max_count(*els: Any) -> int | None:
    for el in els:
        for c in children(el, "constraints", "constraint"):
            if c.get("type") == "max" and (c.get("field") or "selections") == "selections":
                try:
                    return int(float(c.get("value") or 0))
                except ValueError:
                    continue
    return None


def points_of(*els: Any) -> float | None:
    """The Points cost of the first element that states one (a link's own cost wins)."""
    for el in els:
        for cost in children(el, "costs", "cost"):
            if (cost.get("name") or "").strip().lower() in POINTS_NAMES:
                try:
                    return float(cost.get("value") or 0)
                except ValueError:
                    return None
    return None


def clean_rule_name(name: str) -> tuple[str, str | None]:
    """'Ablative Armour [3.08]' -> ('Ablative Armour', '3.08')."""
    m = _REVISION_TAG.search(name)
    if m:
        return name[: m.start()].strip(), m.group("rev")
    return name.strip(), None


def rule_key(name: str) -> str:
    """The glossary key of a property as printed: 'Carrier (5)' -> 'carrier'; 'Optimal Target: X (2)' ->
    'optimal target'; 'Inspirational (7”' (the data's missing bracket) -> 'inspirational'."""
    name = name.split(":", 1)[0]
    return name_key(re.sub(r"\s*\(.*$", "", name))


def description(rule: Any) -> str | None:
    for d in rule.iterchildren("description"):
        text = "\n".join(" ".join(line.split()) for line in (d.text or "").splitlines())
        text = re.sub(r"\n{2,}", "\n", text).strip()
        return text or None
    return None


class CardBuilder:
    """Walks one root entry; `build()` returns the card (or None without a stat profile)."""

    def __init__(self, graph: LinkGraph, bs: BSFile, root: Any, edition: str, glossary: dict[str, Any]) -> None:
        self.graph, self.bs, self.root, self.edition, self.glossary = graph, bs, root, edition, glossary
        self.scope = graph.scope(bs)
        self.notes: list[str] = []
        self.stats: dict[str, Any] | None = None
        self.rows: list[dict[str, Any]] = []
        self.rules: list[dict[str, Any]] = []
        self.options: list[dict[str, Any]] = []
        self.attached: list[dict[str, Any]] = []
        self.attached_entries: list[Any] = []
        self.categories: list[str] = []
        self.stats_raw: dict[str, str] = {}
        self.points: float | None = None
        self.models: int | None = None
        self._stack: list[Any] = []
        self._in_option = False  # inside a chosen-against option: its own sub-entries are not listed again

    # -- links ---------------------------------------------------------------------------------
    def resolve(self, link: Any) -> Any | None:
        return self.graph.find(self.bs, link.get("targetId") or "", self.scope)

    def _tag(self, el: Any) -> str:
        tag = el.tag
        return tag if isinstance(tag, str) else ""

    def _hidden(self, link: Any, ctx: Context) -> bool:
        hidden = (link.get("hidden") or "false").lower() == "true"
        for mod, applies in modifiers(link, ctx, {"hidden"}):
            if mod.get("type") == "set" and applies is True:
                hidden = (mod.get("value") or "").lower() == "true"
        return hidden

    def _profiles(self, els: tuple[Any, ...], ctx: Context) -> list[tuple[Any, Any | None]]:
        """(profile, the infoLink that reached it or None) for profiles on these elements."""
        out: list[tuple[Any, Any | None]] = []
        for el in els:
            out.extend((p, None) for p in children(el, "profiles", "profile"))
            for link in children(el, "infoLinks", "infoLink"):
                if (link.get("type") or "profile") != "profile":
                    continue
                target = self.resolve(link)
                if target is not None and self._tag(target) == "profile" and not self._hidden(link, ctx):
                    out.append((target, link))
        return out

    def _rule_elements(self, els: tuple[Any, ...], ctx: Context) -> list[tuple[Any, Any | None]]:
        out: list[tuple[Any, Any | None]] = []
        for el in els:
            out.extend((r, None) for r in children(el, "rules", "rule") if (r.get("hidden") or "") != "true")
            for link in children(el, "infoLinks", "infoLink"):
                if link.get("type") != "rule":
                    continue
                target = self.resolve(link)
                if target is not None and self._tag(target) == "rule" and not self._hidden(link, ctx):
                    out.append((target, link))
        return out

    def _own_stats(self, target: Any, holder: Any) -> bool:
        ctx = Context(frozenset(), frozenset())
        return any(is_stat_profile(self._chars(p)) for p, _ in self._profiles((target, holder), ctx))

    # -- profiles ------------------------------------------------------------------------------
    def _chars(self, profile: Any) -> dict[str, str]:
        cached = self.graph.chars.get(profile)
        if cached is None:
            cached = {}
            for c in children(profile, "characteristics", "characteristic"):
                name = c.get("name") or self.graph.type_names.get(c.get("typeId") or "", "")
                cached[char_key(name)] = (c.text or "").strip()
            self.graph.chars[profile] = cached
        return cached

    def _modified(self, profile: Any, link: Any | None, ctx: Context) -> tuple[str, dict[str, str], list[str]]:
        """(name, characteristics, characteristics a roster-dependent modifier would change), cached per
        profile, link and the part of the context its modifiers' conditions look at."""
        relevant = self.graph.condition_ids.get((profile, link))
        if relevant is None:
            relevant = frozenset(c.get("childId") or "" for el in (profile, link) if el is not None
                                 for c in el.iter("condition"))
            self.graph.condition_ids[(profile, link)] = relevant
        key = (profile, link, relevant & (ctx.categories | ctx.path))
        cached = self.graph.modified.get(key)
        if cached is None:
            cached = self.graph.modified[key] = self._modify(profile, link, ctx)
        return cached[0], dict(cached[1]), list(cached[2])

    def _modify(self, profile: Any, link: Any | None, ctx: Context) -> tuple[str, dict[str, str], list[str]]:
        name = (profile.get("name") or "").strip()
        chars = dict(self._chars(profile))
        unresolved: list[str] = []
        sources = [el for el in (profile, link) if el is not None]
        fields = {"name", *(c.get("typeId") or "" for c in children(profile, "characteristics", "characteristic"))}
        for el in sources:
            for mod, applies in modifiers(el, ctx, fields):
                field = mod.get("field") or ""
                key = "name" if field == "name" else char_key(self.graph.type_names.get(field, ""))
                if not key or (key != "name" and key not in chars):
                    continue
                if applies is None:
                    unresolved.append(key)
                    continue
                if applies is not True:
                    continue
                value = mod.get("value") or ""
                current = name if key == "name" else chars[key]
                kind = mod.get("type")
                if kind == "set":
                    current = value
                elif kind == "append":
                    join = mod.get("join") or " "
                    current = f"{current}{join}{value}" if current and current != "-" else value
                elif kind in ("increment", "decrement") and current.strip().isdigit() and value.isdigit():
                    step = int(value) if kind == "increment" else -int(value)
                    current = str(int(current) + step)
                if key == "name":
                    name = current
                else:
                    chars[key] = current
        return name, chars, unresolved

    def _profile(self, profile: Any, link: Any | None, ctx: Context, default: bool, option: str | None,
                 count: int, body: bool) -> str:
        """Add one profile to the card; returns its kind ('stats', 'weapon', 'other')."""
        name, chars, unresolved = self._modified(profile, link, ctx)
        if is_stat_profile(chars):
            if body and default and self.stats is None:
                self.stats = read_stats(chars, self.edition, self.notes)
                self.stats_raw = {k: v for k, v in chars.items() if v}
            return "stats"
        if is_weapon_profile(chars):
            notes: list[str] = []
            row = read_weapon(name or "weapon", chars, self.edition, notes)
            arc_key = next((k for k in chars if k in ARC_NAMES), "arc")
            named = self._arc_category(ctx) if row["arc"] is None else None
            if named is not None:
                row["arc"] = named
                row["arc_note"] = f"arc from the mount's category {named!r} (the profile sets no arc for it)"
            elif row["arc"] is None:
                why = "depends on choices elsewhere in the roster" if arc_key in unresolved else "not printed"
                row["arc_note"] = f"arc {why}: not resolved"
            if any(k in QUALITY_NAMES for k in unresolved):
                row["quality_note"] = "some qualities depend on choices elsewhere in the roster"
            row.update({"default": default, "option": option, "count": count,
                        "raw": {k: v for k, v in chars.items()}})
            self.rows.append(row)
            if default and body:
                self.notes.extend(notes)
            return "weapon"
        if body and default:
            self._profile_rules(profile, name, chars)
        return "other"

    def _arc_category(self, ctx: Context) -> str | None:
        """The arc a mount's link names as its category ('F/P'), when the weapon's profile has no modifier
        for it: the data's own arc names (Weapon.cat's categories F, F/P, F/P/S, 360°, P&S…)."""
        names = []
        for cat in ctx.categories:
            entry = self.graph.find(self.bs, cat, self.scope)
            name = (entry.get("name") or "").strip() if entry is not None else ""
            if _ARC_NAME.fullmatch(name):
                names.append(name)
        return names[0] if len(names) == 1 else None

    def _profile_rules(self, profile: Any, name: str, chars: dict[str, str]) -> None:
        """dw4 Properties/Systems name glossary rules; other profile types are rules of their own."""
        type_name = (profile.get("typeName") or self.graph.type_names.get(profile.get("typeId") or "", "")).strip()
        kind = type_name.lower()
        if kind in ("properties", "systems"):
            for item in split_list(next(iter(chars.values()), "")):
                self._glossary_rule(item, "property" if kind == "properties" else "system")
            return
        if kind in ("short range squadrons", "upgrade srs", "srs"):
            kind = "srs"
        elif "generator" in kind:
            kind = "generator"
        text = "; ".join(f"{k.upper() if len(k) <= 3 else k.title()} {v}" if k not in ("-", "") else v
                         for k, v in chars.items() if v)
        self._add_rule({"name": name, "kind": kind or "profile", "text": text or None,
                        "citation": self._citation(self.bs.name, name)})

    def _glossary_rule(self, printed: str, kind: str) -> None:
        key = rule_key(printed)
        rule = self.glossary.get(key)
        if rule is None and len(key) >= 5:  # a misspelt name ('Flotsom'): the one close glossary name
            from rapidfuzz import fuzz, process

            close = process.extract(key, list(self.glossary), scorer=fuzz.ratio, limit=2, score_cutoff=85)
            if len(close) == 1 or (len(close) == 2 and close[0][1] - close[1][1] >= 5):
                rule = self.glossary[close[0][0]]
                self.notes.append(f"{printed}: read as the glossary's {rule[1].get('name')!r} (spelling in the data)")
        text = description(rule[1]) if rule is not None else None
        self._add_rule({"name": printed, "kind": kind, "text": text,
                        "citation": self._citation(rule[0], rule[1].get("name") or printed) if rule else None})

    def _citation(self, file_name: str, name: str) -> str:
        return f"{file_name} (BattleScribe data, {'4th' if self.edition == 'dw4' else '3rd'} edition) › {name}"

    def _add_rule(self, rule: dict[str, Any]) -> None:
        """One rule per name: a generator's rule link and its profile are one rule (the link's text first)."""
        key = name_key(rule["name"])
        old = next((r for r in self.rules if name_key(r["name"]) == key), None)
        if old is None:
            self.rules.append(rule)
        elif rule["kind"] == "special rule" and old["kind"] in ("generator", "srs", "profile"):
            profile_text = old.get("text")
            old.update(rule, text=rule.get("text") or profile_text)
        elif not old.get("text") and rule.get("text"):
            old.update(text=rule["text"], citation=rule.get("citation"))

    def _rule(self, rule: Any, link: Any | None, ctx: Context) -> None:
        name = rule.get("name") or "rule"
        name, revision = clean_rule_name(name)
        if link is not None:
            for mod, applies in modifiers(link, ctx, {"name"}):
                if applies is not True or not mod.get("value"):
                    continue
                value = mod.get("value") or ""
                # 'append' of a whole name ('Advanced Repair Facilities (2)' to '… (x)') is meant as a set
                if mod.get("type") == "set" or rule_key(value) == rule_key(name):
                    name = value
                elif mod.get("type") == "append" and re.fullmatch(r"\(.*\)", value.strip()) and \
                        re.search(r"\((?:x|X)\)", name):
                    name = re.sub(r"\((?:x|X)\)", value.strip(), name, count=1)  # 'Flak Barrage (x)' + '(10)'
                elif mod.get("type") == "append":
                    name = f"{name} {value}"
        text = description(rule)
        root = rule.getroottree().getroot()
        owner = next((f.name for f in self.scope if f.root is root), self.bs.name)
        self._add_rule({"name": name, "kind": "special rule", "revision": revision, "text": text,
                        "citation": self._citation(owner, name) if text else None})

    # -- walk ------------------------------------------------------------------------------------
    def walk(self, holder: Any, target: Any, default: bool, option: str | None, path: frozenset[str],
             body: bool, count: int) -> None:
        if target in self._stack or len(self._stack) > 40:
            return
        is_root = target is self.root
        if not is_root and (target.get("type") or "") in UNIT_TYPES and body:
            if not default or (self.stats is not None and self._own_stats(target, holder)):
                self._attach(holder, target, option)
                return
        ids = {i for i in (holder.get("id"), target.get("id"), holder.get("targetId")) if i}
        cats = {c.get("targetId") or "" for el in {holder, target}
                for c in children(el, "categoryLinks", "categoryLink")}
        ctx = Context(frozenset(cats), path | ids)
        for el in {holder, target}:
            added, removed = added_categories(el, ctx)
            cats = (cats | added) - removed
        ctx = Context(frozenset(cats), path | ids)
        cost = points_of(holder, target) if holder is not target else points_of(target)
        if default and body:
            if cost is not None:
                self.points = (self.points or 0) + cost * max(count, 1)
            if (target.get("type") or "") in UNIT_TYPES and not is_root:
                self.models = count if self.models is None else self.models
        elif body and option is not None and not self._in_option:
            self.options.append({"name": (target.get("name") or holder.get("name") or "").strip(),
                                 "group": option, "points": cost})
        els = (target,) if holder is target else (target, holder)
        kinds = [self._profile(p, link, ctx, default, option, count, body) for p, link in self._profiles(els, ctx)]
        if default and body and "weapon" not in kinds:
            for rule, link in self._rule_elements(els, ctx):
                self._rule(rule, link, ctx)
        if is_root or (default and body and (target.get("type") or "") in UNIT_TYPES):
            self.categories.extend(c.get("name") or "" for el in els
                                   for c in children(el, "categoryLinks", "categoryLink"))
        self._stack.append(target)
        was_in_option, self._in_option = self._in_option, self._in_option or (not default and option is not None)
        try:
            for el in els:
                self._children(el, default, option, ctx.path, body)
        finally:
            self._stack.pop()
            self._in_option = was_in_option

    def _children(self, el: Any, default: bool, option: str | None, path: frozenset[str], body: bool) -> None:
        for child in children(el, "selectionEntries", "selectionEntry"):
            n = min_count(child)
            self.walk(child, child, default and n >= 1, option, path, body, max(n, 1))
        for link in children(el, "entryLinks", "entryLink"):
            target = self.resolve(link)
            if target is None:
                continue
            if self._tag(target) == "selectionEntryGroup":
                self.group(link, target, default, path, body)
            else:
                n = min_count(link, target)
                self.walk(link, target, default and n >= 1, option, path, body, max(n, 1))
        for group in children(el, "selectionEntryGroups", "selectionEntryGroup"):
            self.group(group, group, default, path, body)

    def group(self, holder: Any, group: Any, default: bool, path: frozenset[str], body: bool) -> None:
        """A group's default member is in the loadout (or its only member when one must be chosen)."""
        if group in self._stack:
            return
        name = (holder.get("name") or group.get("name") or "options").strip()
        chosen = holder.get("defaultSelectionEntryId") or group.get("defaultSelectionEntryId")
        must = min_count(holder, group) >= 1
        members: list[tuple[Any, Any]] = [(c, c) for c in children(group, "selectionEntries", "selectionEntry")]
        for link in children(group, "entryLinks", "entryLink"):
            target = self.resolve(link)
            if target is not None:
                members.append((link, target))
        only = len(members) == 1 and must
        self._stack.append(group)
        try:
            for member, target in members:
                if self._tag(target) == "selectionEntryGroup":
                    self.group(member, target, default, path, body)
                    continue
                picked = bool(chosen) and chosen in (member.get("id"), target.get("id"), member.get("targetId"))
                n = min_count(member, target)
                self.walk(member, target, default and (picked or only or n >= 1), name, path, body, max(n, 1))
            for sub in children(group, "selectionEntryGroups", "selectionEntryGroup"):
                self.group(sub, sub, default, path, body)
        finally:
            self._stack.pop()

    def _attach(self, holder: Any, target: Any, group: str | None) -> None:
        name = (target.get("name") or holder.get("name") or "").strip()
        entry = {"name": name, "group": group, "min": min_count(holder, target), "max": max_count(holder, target),
                 "points": points_of(holder, target)}
        if entry not in self.attached:
            self.attached.append(entry)
        if target not in self.attached_entries:
            self.attached_entries.append(target)

    # -- result ------------------------------------------------------------------------------------
    def mounts(self) -> list[dict[str, Any]]:
        """Rows with the same weapon, arc and state merged, their counts added (one row per mount kind)."""
        merged: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in self.rows:
            key = (row["name"], row["arc"], tuple(row["qualities"]), repr(row["bands"]), row["default"],
                   row["option"])
            if key in merged:
                merged[key]["count"] += row["count"] if row["default"] else 0
            else:
                merged[key] = dict(row)
        return list(merged.values())

    def build(self, faction: str, edition_label: str) -> Unit | None:
        self.walk(self.root, self.root, True, None, frozenset(), True, 1)
        if self.stats is None:
            return None
        if self.edition == "dw4":
            self.notes.append("4th edition prints one value per characteristic: the same for Crippled")
        name = (self.root.get("name") or "unit").strip()
        weapons = self.mounts()
        unresolved = sorted({w["name"] for w in weapons if w["default"] and w.get("arc_note", "").startswith(
            "arc depends")})
        if unresolved:
            self.notes.append("arc not resolved (set by choices elsewhere in the roster): " + ", ".join(unresolved))
        points = self.points
        return {
            "name": name, "faction": faction, "edition": self.edition, "edition_label": edition_label,
            "source": f"{self.bs.name} (BattleScribe)",
            "version": f"revision {self.bs.revision}" if self.bs.revision else "revision unknown",
            "source_file": self.bs.file, "source_id": self.bs.id, "entry_id": self.root.get("id"),
            "entry_type": self.root.get("type"), "keywords": list(dict.fromkeys(c for c in self.categories if c)),
            "aliases": [], "points": int(points) if points is not None and points == int(points) else points,
            "models": self.models, "stats": self.stats, "stats_raw": self.stats_raw, "weapons": weapons,
            "rules": self.rules, "options": self.options, "attached": self.attached,
            "notes": list(dict.fromkeys(self.notes)),
        }
