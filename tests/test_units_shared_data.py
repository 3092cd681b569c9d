"""The real community data (/work/shared/data: BSData 3rd edition, New Recruit 4th edition),
imported as a user would, checked unit by unit against this file's own reading of the XML.

The reading here is a separate ElementTree walk written from BattleScribe's rules, not from
the importer: a selection is in the default loadout when a `min` constraint of 1 or more
holds it (or it is its group's `defaultSelectionEntryId`, or the one member of a group that
must be chosen); the stat profile, `infoLink type="rule"`s and Points of the roster entry
and of the ship entry it links to belong to the card; a model/unit entry reached through a
choice, or with its own stat profile once the card has one, is another card. For every
imported card: the printed stat text, each default weapon's number of mounts, the special
rule names (dw3) or Properties/Systems names (dw4), and the points.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from units.book import UnitBook, import_files
from units.model import name_key

SHARED = Path("/work/shared/data")
CORPUS = Path(__file__).resolve().parent.parent / "corpus"
SETS = {"dw3": SHARED / "bsdata-dw3", "dw4": SHARED / "newrecruit-dw4"}

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not SHARED.is_dir(), reason="shared data not mounted")]


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _under(el: ET.Element, container: str, tag: str) -> list[ET.Element]:
    return [c for box in el if _tag(box) == container for c in box if _tag(c) == tag]


class XmlSet:
    """Every file of a set, every id, every characteristic type name."""

    def __init__(self, folder: Path) -> None:
        self.files = {p.name: ET.parse(p).getroot() for p in sorted(folder.iterdir())}
        self.ids: dict[str, ET.Element] = {}
        self.type_names: dict[str, str] = {}
        for root in self.files.values():
            for el in root.iter():
                if el.get("id") and _tag(el) not in ("catalogueLink", "categoryLink"):
                    self.ids.setdefault(el.get("id"), el)
                if _tag(el) in ("characteristicType", "profileType"):
                    self.type_names[el.get("id")] = el.get("name") or ""
        self.rule_names = {name_key(re.sub(r"\s*\(.*", "", r.get("name") or "")) for root in self.files.values()
                           for r in root.iter() if _tag(r) == "rule"}


def _rule_name(printed: str) -> str:
    """'Ablative Armour [3.08]', 'Carrier (5)', 'Optimal Target: X (2)' -> the rule's name key."""
    printed = re.sub(r"\s*\[[\w.]+\]\s*$", "", printed.replace("**", "")).split(":")[0]
    return name_key(re.sub(r"\s*\(.*", "", printed))


def _minimum(*els: ET.Element) -> int:
    values = [int(float(c.get("value") or 0)) for el in els for c in _under(el, "constraints", "constraint")
              if c.get("type") == "min" and c.get("field") == "selections"]
    return max(values, default=0)


def _chars(xs: XmlSet, profile: ET.Element) -> dict[str, str]:
    out = {}
    for c in _under(profile, "characteristics", "characteristic"):
        out[(c.get("name") or xs.type_names.get(c.get("typeId"), "")).split("(")[0].strip().lower()] = \
            (c.text or "").strip()
    return out


def _is_stats(chars: dict[str, str]) -> bool:
    return "mass" in chars and "hull" in chars


def _is_weapon(chars: dict[str, str]) -> bool:
    return ("closing" in chars and "long" in chars) or ("close" in chars and "standard" in chars)


class Card:
    """This test's reading of one root entry."""

    def __init__(self, xs: XmlSet, root: ET.Element) -> None:
        self.xs, self.root = xs, root
        self.stats: dict[str, str] | None = None
        self.mounts: Counter[str] = Counter()
        self.rules: set[str] = set()
        self.points = 0.0
        self.has_points = False
        self.stack: list[ET.Element] = []
        self.visit(root, root, True, 1, via_choice=False)

    def profiles(self, *els: ET.Element) -> list[tuple[ET.Element, ET.Element | None]]:
        found: list[tuple[ET.Element, ET.Element | None]] = [(p, None) for el in els
                                                              for p in _under(el, "profiles", "profile")]
        for el in els:
            for link in _under(el, "infoLinks", "infoLink"):
                target = self.xs.ids.get(link.get("targetId"))
                if link.get("type") == "profile" and target is not None and link.get("hidden") != "true":
                    found.append((target, link))
        return found

    def visit(self, holder: ET.Element, entry: ET.Element, default: bool, count: int, via_choice: bool) -> None:
        if entry in self.stack or not default:
            return  # options are not on this test's card
        els = (entry,) if holder is entry else (entry, holder)
        if entry is not self.root and entry.get("type") in ("model", "unit"):
            own = any(_is_stats(_chars(self.xs, p)) for p, _ in self.profiles(*els))
            if via_choice or (own and self.stats is not None):
                return
        weapon_entry = False
        for profile, link in self.profiles(*els):
            chars = _chars(self.xs, profile)
            if link is not None:  # unconditional `set` of a characteristic on the link (Kyiv: SDV 6/4)
                for mod in _under(link, "modifiers", "modifier"):
                    field = self.xs.type_names.get(mod.get("field") or "", "").split("(")[0].strip().lower()
                    if mod.get("type") == "set" and field in chars and \
                            not [c for c in mod.iter() if _tag(c) == "condition"]:
                        chars[field] = mod.get("value") or ""
            if _is_stats(chars) and self.stats is None:
                self.stats = chars
            elif _is_weapon(chars):
                weapon_entry = True
                self.mounts[(profile.get("name") or "").strip()] += count
            elif profile.get("typeName") in ("Properties", "Systems"):
                for item in re.split(r",(?![^()]*\))", next(iter(chars.values()), "")):
                    if item.strip() and item.strip() != "-":
                        self.rules.add(_rule_name(item))
        if not weapon_entry:
            for el in els:
                for link in _under(el, "infoLinks", "infoLink"):
                    if link.get("type") == "rule" and link.get("hidden") != "true":
                        self.rules.add(_rule_name(link.get("name") or ""))
                        target = self.xs.ids.get(link.get("targetId"))
                        mods = [m for m in _under(link, "modifiers", "modifier") if m.get("field") == "name"
                                and m.get("type") == "set" and not _under(m, "conditions", "condition")]
                        if target is not None and mods:  # the card shows the modified name instead
                            self.rules.discard(_rule_name(link.get("name") or ""))
                            self.rules.add(_rule_name(mods[-1].get("value") or ""))
                for rule in _under(el, "rules", "rule"):
                    if rule.get("hidden") != "true":
                        self.rules.add(_rule_name(rule.get("name") or ""))
        costs = [c for c in (_under(holder, "costs", "cost") or _under(entry, "costs", "cost"))
                 if (c.get("name") or "").lower() == "points"]
        if costs:
            self.has_points = True
            self.points += float(costs[0].get("value") or 0) * count
        self.stack.append(entry)
        for el in els:
            for child in _under(el, "selectionEntries", "selectionEntry"):
                n = _minimum(child)
                self.visit(child, child, n >= 1, max(n, 1), False)
            for link in _under(el, "entryLinks", "entryLink"):
                target = self.xs.ids.get(link.get("targetId"))
                if target is None:
                    continue
                if _tag(target) == "selectionEntryGroup":
                    self.group(link, target)
                else:
                    n = _minimum(link, target)
                    self.visit(link, target, n >= 1, max(n, 1), False)
            for group in _under(el, "selectionEntryGroups", "selectionEntryGroup"):
                self.group(group, group)
        self.stack.pop()

    def group(self, holder: ET.Element, group: ET.Element) -> None:
        if group in self.stack:
            return
        chosen = holder.get("defaultSelectionEntryId") or group.get("defaultSelectionEntryId")
        members = [(c, c) for c in _under(group, "selectionEntries", "selectionEntry")]
        members += [(link, self.xs.ids[link.get("targetId")]) for link in _under(group, "entryLinks", "entryLink")
                    if link.get("targetId") in self.xs.ids]
        only = len(members) == 1 and _minimum(holder, group) >= 1
        self.stack.append(group)
        for member, target in members:
            if _tag(target) == "selectionEntryGroup":
                self.group(member, target)
                continue
            picked = chosen is not None and chosen in (member.get("id"), target.get("id"), member.get("targetId"))
            n = _minimum(member, target)
            self.visit(member, target, picked or only or n >= 1, max(n, 1), via_choice=not (picked or only or n >= 1))
        for sub in _under(group, "selectionEntryGroups", "selectionEntryGroup"):
            self.group(sub, sub)
        self.stack.pop()


def _stat_text(card_stats: dict[str, Any], raw: dict[str, str]) -> dict[str, str]:
    """The importer's raw stat text, keyed like this test's reading."""
    return {k.split("(")[0].strip(): v for k, v in raw.items()}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for edition, folder in SETS.items():
        data = tmp_path_factory.mktemp(edition)
        import_files(data, [str(folder)])
        out[edition] = [u for u in UnitBook(data, CORPUS).units if u["source"].endswith("(BattleScribe)")]
    return out


@pytest.mark.parametrize("edition", ["dw3", "dw4"])
def test_every_card_matches_an_independent_reading(imported, edition):
    xs = XmlSet(SETS[edition])
    cards = imported[edition]
    counts = Counter()
    mismatches: list[str] = []
    for unit in cards:
        entry = xs.ids[unit["entry_id"]]
        mine = Card(xs, entry)
        assert mine.stats is not None, unit["name"]
        counts["cards"] += 1
        assert unit["edition"] == edition and unit["faction"]
        # stats: every printed characteristic, as printed
        printed = {k: v for k, v in mine.stats.items() if v}
        assert _stat_text(unit["stats"], unit["stats_raw"]) == printed, unit["name"]
        counts["stats"] += len(printed)
        # mounts: each default weapon's number of mounts
        theirs = Counter()
        for w in unit["weapons"]:
            if w["default"]:
                theirs[w["name"]] += w["count"]
        if theirs != mine.mounts:
            mismatches.append(f"{unit['name']}: mounts {dict(theirs)} != {dict(mine.mounts)}")
        counts["mounts"] += sum(mine.mounts.values())
        # rules: names (dw3 special rules; dw4 Properties and Systems)
        names = {_rule_name(r["name"]) for r in unit["rules"] if r["kind"] in ("special rule", "property", "system")}
        if names != mine.rules:
            mismatches.append(f"{unit['name']}: rules {sorted(names ^ mine.rules)} differ")
        counts["rules"] += len(mine.rules)
        with_text = [r for r in unit["rules"] if r["kind"] in ("special rule", "property", "system")]
        counts["rules with text"] += sum(1 for r in with_text if r["text"])
        # points: the default loadout's Points
        expected_points = mine.points if mine.has_points else None
        if unit["points"] != (int(expected_points) if expected_points is not None
                              and expected_points == int(expected_points) else expected_points):
            mismatches.append(f"{unit['name']}: points {unit['points']} != {expected_points}")
        counts["points"] += mine.has_points
    print(f"\n{edition}: {dict(counts)}")
    assert not mismatches, "\n".join(mismatches[:20])
    assert counts["cards"] > 150
    # rules whose text the data holds: every dw3 special rule link reaches a rule with a description
    assert counts["rules with text"] >= 0.9 * counts["rules"]


def test_known_cards_from_the_files(imported):
    """Spot checks written from the XML text (Commonwealth.cat, Weapon.cat, Union.cat)."""
    dw3 = {u["name"]: u for u in imported["dw3"]}
    borodino = dw3["Borodino Battleship"]
    # profile "Borodino": <characteristic name="Turn Limit">3/2</characteristic>, Citadel 16/14
    assert (borodino["stats"]["battle_ready"]["turn"], borodino["stats"]["crippled"]["turn"]) == (3, 2)
    assert borodino["stats"]["crippled"]["citadel"] == 14
    # entry "Borodino" costs 248 Points; the roster entry 0
    assert borodino["points"] == 248
    rules = {r["name"]: r for r in borodino["rules"]}
    # infoLink "Cryo-Capacitors [3.06]" on the linked entry "Borodino"
    assert rules["Cryo-Capacitors"]["text"].startswith("This Unit adds +1 Action Dice")
    mounts = {(w["name"], w["arc"]): w for w in borodino["weapons"] if w["default"]}
    # Front/Front Left/Front Right default Heavy Gun Battery; the link adds category F/P/S, F/P or F/S
    assert {arc for name, arc in mounts if name == "Heavy Gun Battery"} == {"F/P/S", "F/P", "F/S"}
    # entryLink "Cryo generator" holds entryLink "Cryogenic Blast" (min 1), category 360°
    assert mounts[("Cryogenic Blast", "360°")]["count"] == 1
    # Kyiv's links add the categories F/P and F/S, for which Weapon.cat's "Heavy Gun Battery" (e8d5-…) has no
    # arc modifier: the arc is the category's own name, and the row says so
    kyiv = {w["arc"]: w for w in dw3["Kyiv Battleship"]["weapons"] if w["name"] == "Heavy Gun Battery"}
    assert set(kyiv) == {"F/P", "F/S"} and "category" in kyiv["F/P"]["arc_note"]
    assert "Nikel Escort" in {a["name"] for a in borodino["attached"]}
    assert "Nikel Escort" in dw3
    dw4 = {u["name"]: u for u in imported["dw4"]}
    america = dw4["America Special Operations Vessel"]
    # Model profile: Speed 2"-6", Defence 7, Crew 8; Points 282 on the model entry
    assert (america["stats"]["battle_ready"]["speed_min"], america["stats"]["battle_ready"]["speed"]) == (2, 6)
    assert america["stats"]["battle_ready"]["defence"] == 7 and america["points"] == 282
    props = {r["name"]: r for r in america["rules"]}
    assert props["Pivot"]["text"].startswith("This model can Pivot")
    assert props["Heavy Shield Generator"]["kind"] == "system"


def test_a_russian_card_says_its_attached_units_in_russian(imported):
    """`unit --lang ru`: every word the card adds is Russian; names and the rules' texts stay as printed."""
    from bot.cli.units_cmd import render_unit

    borodino = next(u for u in imported["dw4"] if u["name"] == "Borodino Battleship")
    assert borodino["attached"]
    lines = [line for line in render_unit(borodino, "ru").splitlines() if line.startswith("   + ")]
    assert lines and all(line.endswith("своя карточка") and "up to" not in line for line in lines)
