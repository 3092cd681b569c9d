"""`admiralty unit NAME`, `admiralty units import PATH…`, `admiralty units status`: unit profiles.

`unit` never loads torch, numpy or lxml (fast cold start); `units import` loads lxml.
"""
from __future__ import annotations

import argparse
from typing import Any

from bot.cli.output import add_lang_flag, emit, print_json, print_unmatched, wrap
from core.messages import declare, text, text_lang

_STAT_ORDER = (("mass", "Mass"), ("speed", "Spd"), ("turn", "Turn"), ("armour", "Arm"), ("hull", "Hull"),
               ("citadel", "Cit"), ("fray", "Fray"), ("adv", "ADV"), ("sdv", "SDV"))
_STAT_ORDER_DW4 = (("mass", "Mass"), ("speed_min", "Spd>"), ("speed", "Spd"), ("turn", "Turn"), ("defence", "Def"),
                   ("armour", "Arm"), ("hull", "Hull"), ("actions", "Act"), ("broadside", "Brd"),
                   ("repair", "Rep"), ("crew", "Crew"), ("models", "Mdls"))
_BAND_HEADERS = {"point_blank": ("Point Blank", "В упор"), "closing": ("Closing", "Сближение"),
                 "long": ("Long", "Дальняя"), "close": ("Close", "Ближняя"), "standard": ("Standard", "Средняя"),
                 "extreme": ("Extreme", "Предельная")}
# The card's own words, in the player's language (`unit --lang ru`); the rules' texts stay as printed.
declare({f"card.band.{key}": names for key, names in _BAND_HEADERS.items()})
declare({
    "card.faction_unknown": ("faction unknown", "фракция неизвестна"),
    "card.source": ("source", "источник"), "card.battle_ready": ("Battle-Ready", "Боеготов"),
    "card.crippled": ("Crippled", "Повреждён"),
    "card.weapons_dw4": ("Weapons (dice per band):", "Оружие (кубы по зонам):"),
    "card.weapons": ("Weapons (lead(support), Battle-Ready / Crippled):",
                     "Оружие (ведущее(поддержка), Боеготов / Повреждён):"),
    "card.name": ("name", "название"), "card.arc": ("arc", "сектор"), "card.qualities": ("qualities", "свойства"),
    "card.option": ("option", "вариант"), "card.text_unknown": ("(text unknown)", "(текст неизвестен)"),
    "card.note": ("note", "примечание"), "card.points": ("pts", "очк."),
    "card.attached": ("{name} ({group}, up to {max}): its own card", "{name} ({group}, до {max}): своя карточка"),
    "card.group": ("attached", "приданные"),
    "card.profiles": ("{name}: {count} profiles from different sources — they may differ; each is labelled.",
                      "{name}: профилей из разных источников: {count} — они могут различаться; у каждого указан "
                      "источник."),
    "card.no_rule_texts": ("(rule texts were not looked up in the glossary/rulebook: the search index is not built)",
                           "(тексты правил не искались в глоссарии и книге правил: поисковый индекс не построен)"),
})


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("unit", help="a unit's card: stats, weapons, rules, source and version",
                              description="Fuzzy lookup of a unit by name ('Borodino' finds 'Borodino Battleship').")
    p.add_argument("name", help='e.g. "Borodino", "Lovelace Cruiser"')
    p.add_argument("--rule-texts", action="store_true",
                   help="also look special rules up in the glossary and rulebook (needs the index; slower start)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    add_lang_flag(p)
    p.set_defaults(func=run_unit)

    units = subparsers.add_parser("units", help="import BattleScribe data; list unit sources",
                                  description="Unit profiles: the quick reference's cards are built in; "
                                              "BattleScribe .gst/.cat/.gstz/.catz files add more.")
    sub = units.add_subparsers(dest="units_command", metavar="SUBCOMMAND", required=True)
    imp = sub.add_parser("import", help="import BattleScribe files or folders (all or nothing)")
    imp.add_argument("paths", nargs="+", metavar="PATH", help="a .gst/.cat/.gstz/.catz file or a folder of them")
    imp.add_argument("--json", action="store_true", help="machine-readable output")
    imp.set_defaults(func=run_import)
    remove = sub.add_parser("remove", help="remove one imported file and its units")
    remove.add_argument("source", metavar="SOURCE", help="file name (Union.cat), catalogue name or id")
    remove.add_argument("--json", action="store_true", help="machine-readable output")
    remove.set_defaults(func=run_remove)
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
    return f"{lead}({_cell(support)})" if support is not None else str(lead)


def render_unit(unit: dict[str, Any], lang: str | None = None) -> str:
    def say(key: str) -> str:
        return text(f"card.{key}", lang)

    dw4 = unit.get("edition") == "dw4"
    edition = unit.get("edition_label") or ("4th edition" if dw4 else "3rd edition")
    points = f", {unit['points']} {say('points')}" if unit.get("points") is not None else ""
    lines = [f"== {unit['name']} — {unit.get('faction') or say('faction_unknown')}, {edition}{points}",
             f"   {say('source')}: {unit['source']}, {unit['version']}"]
    order = _STAT_ORDER_DW4 if dw4 else _STAT_ORDER
    header = "".join(f"{label:>6}" for _, label in order)
    lines.append(f"   {'':<14}{header}")
    for state, label in (("battle_ready", say("battle_ready")), ("crippled", say("crippled")))[: 1 if dw4 else 2]:
        row = "".join(f"{_cell(unit['stats'][state].get(key)):>6}" for key, _ in order)
        lines.append(f"   {label if not dw4 else '':<14}{row}")
    if unit["weapons"]:
        keys = list(unit["weapons"][0]["bands"])
        lines.append("   " + say("weapons_dw4" if dw4 else "weapons"))
        lines.append(f"     {say('name'):<26}{'n':<3}{say('arc'):<12}"
                     + "".join(f"{say('band.' + k):<16}" for k in keys) + say("qualities"))
        for w in unit["weapons"]:
            bands = [_dice(w['bands'][b]['battle_ready']) if dw4 else
                     f"{_dice(w['bands'][b]['battle_ready'])} / {_dice(w['bands'][b]['crippled'])}" for b in keys]
            option = "" if w.get("default", True) else f"  [{say('option')}: {w.get('option')}]"
            lines.append(f"     {w['name'][:25]:<26}{w.get('count', 1):<3}{(w.get('arc') or '?')[:11]:<12}"
                         + "".join(f"{b:<16}" for b in bands) + f"{', '.join(w['qualities'])}{option}")
    for other in unit.get("attached") or []:
        lines.append("   + " + text("card.attached", lang, name=other["name"], group=other.get("group") or say("group"),
                                       max=other.get("max") or "?"))
    for rule in unit["rules"]:
        lines.append(f"   * {rule['name']}" + (f" — {rule['citation']}" if rule.get("citation") else ""))
        lines.append(wrap(rule["text"], "       ") if rule.get("text") else "       " + say("text_unknown"))
    for note in unit.get("notes", []):
        lines.append(f"   {say('note')}: {note}")
    return "\n".join(lines)


def run_unit(args: argparse.Namespace) -> int:
    from bot.service import Admiralty
    from index.translit import one_alphabet

    result = Admiralty().unit(args.name, rule_texts=args.rule_texts)
    if args.json:
        print_json(result)
        return 0 if result["status"] == "found" else 1
    lang = args.player_lang or text_lang(one_alphabet(args.name))  # a name typed in Cyrillic: a Russian card
    if print_unmatched(result, "unit", lang):
        return 1
    count = len(result["units"])
    if count > 1:
        print(text("card.profiles", lang, name=result["units"][0]["name"], count=count))
    print("\n\n".join(render_unit(unit, lang) for unit in result["units"]))
    if result.get("rules_from_corpus") is False:
        print("\n" + text("card.no_rule_texts", lang))
    return 0


def run_import(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().import_units(args.paths), _imported_text)


def _imported_text(result: dict[str, Any]) -> str:
    lines = []
    for source in result["imported"]:
        again = " (imported earlier; rebuilt: it links a file of this import)" if source.get("rebuilt") else ""
        lines.append(f"  {source['file']}: {source['name']} (revision {source['revision']}): "
                     f"{source['units']} units{again}")
    lines.append(f"imported {result['units']} units from {len(result['imported'])} files")
    return "\n".join(lines)


def run_remove(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().remove_units(args.source), lambda r: (
        f"removed {r['removed']['file']}: {r['removed']['name']} (revision {r['removed']['revision']}), "
        f"{r['removed']['units']} units"))


def run_status(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().units_status(), lambda r: "\n".join(
        [f"{r['units']} units"] + [f"  {s['file']}: {s['name']} ({s['revision']}): {s['units']} units"
                                   for s in r["sources"]]))
