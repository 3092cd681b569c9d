"""`admiralty unit NAME`, `admiralty units import PATH…`, `admiralty units status`: unit profiles.

`unit` never loads torch, numpy or lxml (fast cold start); `units import` loads lxml.
"""
from __future__ import annotations

import argparse
from typing import Any

from bot.cli.output import print_json, print_unmatched, wrap

_STAT_ORDER = (("mass", "Mass"), ("speed", "Spd"), ("turn", "Turn"), ("armour", "Arm"), ("hull", "Hull"),
               ("citadel", "Cit"), ("fray", "Fray"), ("adv", "ADV"), ("sdv", "SDV"))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("unit", help="a unit's card: stats, weapons, rules, source and version",
                              description="Fuzzy lookup of a unit by name ('Borodino' finds 'Borodino Battleship').")
    p.add_argument("name", help='e.g. "Borodino", "Lovelace Cruiser"')
    p.add_argument("--rule-texts", action="store_true",
                   help="also look special rules up in the glossary and rulebook (needs the index; slower start)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run_unit)

    units = subparsers.add_parser("units", help="import BattleScribe data; list unit sources",
                                  description="Unit profiles: the quick reference's cards are built in; "
                                              "BattleScribe .gst/.cat/.gstz/.catz files add more.")
    sub = units.add_subparsers(dest="units_command", metavar="SUBCOMMAND", required=True)
    imp = sub.add_parser("import", help="import BattleScribe files or folders (all or nothing)")
    imp.add_argument("paths", nargs="+", metavar="PATH", help="a .gst/.cat/.gstz/.catz file or a folder of them")
    imp.add_argument("--json", action="store_true", help="machine-readable output")
    imp.set_defaults(func=run_import)
    status = sub.add_parser("status", help="how many units, from which sources")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    status.set_defaults(func=run_status)


def _cell(value: Any) -> str:
    return "?" if value is None else str(value)


def _dice(entry: dict[str, Any]) -> str:
    lead, support = entry["lead"], entry["support"]
    if lead is None:
        return "?"
    if lead == 0 and not support:
        return "-"
    return f"{lead}({_cell(support) if support is not None else '?'})"


def render_unit(unit: dict[str, Any]) -> str:
    lines = [f"== {unit['name']} — {unit.get('faction') or 'faction unknown'}",
             f"   source: {unit['source']}, {unit['version']}"]
    header = "".join(f"{label:>6}" for _, label in _STAT_ORDER)
    lines.append(f"   {'':<14}{header}")
    for state, label in (("battle_ready", "Battle-Ready"), ("crippled", "Crippled")):
        row = "".join(f"{_cell(unit['stats'][state][key]):>6}" for key, _ in _STAT_ORDER)
        lines.append(f"   {label:<14}{row}")
    if unit["weapons"]:
        lines.append("   Weapons (lead(support), Battle-Ready / Crippled):")
        lines.append(f"     {'name':<26}{'arc':<12}{'Point Blank':<16}{'Closing':<16}{'Long':<16}qualities")
        for w in unit["weapons"]:
            bands = [f"{_dice(w['bands'][b]['battle_ready'])} / {_dice(w['bands'][b]['crippled'])}"
                     for b in ("point_blank", "closing", "long")]
            option = "" if w.get("default", True) else f"  [option: {w.get('option')}]"
            lines.append(f"     {w['name'][:25]:<26}{(w.get('arc') or '?')[:11]:<12}"
                         f"{bands[0]:<16}{bands[1]:<16}{bands[2]:<16}{', '.join(w['qualities'])}{option}")
    for rule in unit["rules"]:
        lines.append(f"   * {rule['name']}" + (f" — {rule['citation']}" if rule.get("citation") else ""))
        lines.append(wrap(rule["text"], "       ") if rule.get("text") else "       (text unknown)")
    for note in unit.get("notes", []):
        lines.append(f"   note: {note}")
    return "\n".join(lines)


def run_unit(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    result = Admiralty().unit(args.name, rule_texts=args.rule_texts)
    if args.json:
        print_json(result)
        return 0 if result["status"] == "found" else 1
    if print_unmatched(result, "unit"):
        return 1
    count = len(result["units"])
    if count > 1:
        print(f"{result['units'][0]['name']}: {count} profiles from different sources — they may differ; "
              "each is labelled.")
    print("\n\n".join(render_unit(unit) for unit in result["units"]))
    if result.get("rules_from_corpus") is False:
        print("\n(rule texts were not looked up in the glossary/rulebook: the search index is not built)")
    return 0


def run_import(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    result = Admiralty().import_units(args.paths)
    if args.json:
        print_json(result)
        return 0
    for source in result["imported"]:
        print(f"  {source['file']}: {source['name']} (revision {source['revision']}): {source['units']} units")
    print(f"imported {result['units']} units from {len(result['imported'])} files")
    return 0


def run_status(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    result = Admiralty().units_status()
    if args.json:
        print_json(result)
        return 0
    print(f"{result['units']} units")
    for source in result["sources"]:
        print(f"  {source['file']}: {source['name']} ({source['revision']}): {source['units']} units")
    return 0
