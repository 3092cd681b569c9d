"""Helper (no tests): builds BattleScribe rosters (.rosz) from the shared catalogues, the way a list
builder writes them — each chosen entry a `selection` with its profiles, rules and costs copied
in; a selection in the default loadout when a min constraint holds it, a group's default, or
(for a choice the player must make, e.g. a 4th-edition hardpoint) the group's first member.
"""
from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

NS = "http://www.battlescribe.net/schema/rosterSchema"


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _under(el: ET.Element, container: str, tag: str) -> list[ET.Element]:
    return [c for box in el if _tag(box) == container for c in box if _tag(c) == tag]


def _strip(el: ET.Element) -> ET.Element:
    out = copy.deepcopy(el)
    for node in out.iter():
        node.tag = _tag(node)
    return out


class Catalogues:
    def __init__(self, folder: Path) -> None:
        self.ids: dict[str, ET.Element] = {}
        self.roots: dict[str, ET.Element] = {}
        for path in sorted(folder.iterdir()):
            root = ET.parse(path).getroot()
            self.roots[path.name] = root
            for el in root.iter():
                if el.get("id"):
                    self.ids.setdefault(el.get("id"), el)

    def entry(self, catalogue: str, name: str) -> ET.Element:
        root = self.roots[catalogue]
        for el in _under(root, "selectionEntries", "selectionEntry"):
            if (el.get("name") or "").strip() == name:
                return el
        raise KeyError(name)

    def _minimum(self, *els: ET.Element) -> int:
        return max([int(float(c.get("value") or 0)) for el in els for c in _under(el, "constraints", "constraint")
                    if c.get("type") == "min" and c.get("field") == "selections"], default=0)

    def selection(self, holder: ET.Element, entry: ET.Element, number: int = 1) -> ET.Element:
        sel = ET.Element("selection", {"id": f"sel-{entry.get('id')}", "name": (entry.get("name") or "").strip(),
                                       "entryId": entry.get("id") or "", "number": str(number),
                                       "type": entry.get("type") or "upgrade"})
        els = (entry,) if holder is entry else (entry, holder)
        profiles = ET.SubElement(sel, "profiles")
        rules = ET.SubElement(sel, "rules")
        for el in els:
            for p in _under(el, "profiles", "profile"):
                profiles.append(_strip(p))
            for r in _under(el, "rules", "rule"):
                rules.append(_strip(r))
            for link in _under(el, "infoLinks", "infoLink"):
                target = self.ids.get(link.get("targetId") or "")
                if target is not None and _tag(target) == "profile":
                    profiles.append(_strip(target))
                elif target is not None and _tag(target) == "rule":
                    rules.append(_strip(target))
        costs = ET.SubElement(sel, "costs")
        for c in (_under(holder, "costs", "cost") or _under(entry, "costs", "cost")):
            ET.SubElement(costs, "cost", {"name": c.get("name") or "", "typeId": c.get("typeId") or "",
                                          "value": str(float(c.get("value") or 0) * number)})
        children = ET.SubElement(sel, "selections")
        for el in els:
            for child in _under(el, "selectionEntries", "selectionEntry"):
                n = self._minimum(child)
                if n >= 1:
                    children.append(self.selection(child, child, n))
            for link in _under(el, "entryLinks", "entryLink"):
                target = self.ids.get(link.get("targetId") or "")
                if target is None:
                    continue
                if _tag(target) == "selectionEntryGroup":
                    children.extend(self.group(link, target))
                elif self._minimum(link, target) >= 1:
                    children.append(self.selection(link, target, self._minimum(link, target)))
            for group in _under(el, "selectionEntryGroups", "selectionEntryGroup"):
                children.extend(self.group(group, group))
        return sel

    def group(self, holder: ET.Element, group: ET.Element) -> list[ET.Element]:
        chosen = holder.get("defaultSelectionEntryId") or group.get("defaultSelectionEntryId")
        members = [(c, c) for c in _under(group, "selectionEntries", "selectionEntry")]
        members += [(link, self.ids[link.get("targetId")]) for link in _under(group, "entryLinks", "entryLink")
                    if link.get("targetId") in self.ids]
        out: list[ET.Element] = []
        must = self._minimum(holder, group) >= 1
        picked = [(m, t) for m, t in members if chosen and chosen in (m.get("id"), t.get("id"))]
        if not picked and must and members and _tag(members[0][1]) == "selectionEntry":
            picked = [members[0]]  # the player's choice: the first option
        for member, target in picked:
            out.append(self.selection(member, target))
        for sub in _under(group, "selectionEntryGroups", "selectionEntryGroup"):
            out.extend(self.group(sub, sub))
        return out


def write_rosz(path: Path, name: str, game_system: str, force_catalogue: str,
               selections: list[ET.Element]) -> Path:
    """A .rosz holding one .ros: one force of `force_catalogue` with these selections."""
    roster = ET.Element("roster", {"id": "r-test", "name": name, "battleScribeVersion": "2.03",
                                   "gameSystemName": game_system, "xmlns": NS})
    total = sum(float(c.get("value") or 0) for sel in selections for c in sel.iter("cost")
                if c.get("name") == "Points")
    costs = ET.SubElement(roster, "costs")
    ET.SubElement(costs, "cost", {"name": "Points", "typeId": "pts", "value": str(total)})
    forces = ET.SubElement(roster, "forces")
    force = ET.SubElement(forces, "force", {"id": "f1", "name": "Fleet", "catalogueName": force_catalogue})
    holder = ET.SubElement(force, "selections")
    holder.extend(selections)
    xml = ET.tostring(roster, encoding="unicode")
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name}.ros", xml)
    return path
