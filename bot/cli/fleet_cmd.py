"""`admiralty fleet import ROSTER.rosz`, `fleet show [NAME]`, `fleet vs TARGET`: the player's fleet.

A roster is a BattleScribe / New Recruit .rosz (a zipped .ros) or .ros file; `vs` sets every
ship × weapon × range band of the fleet against one target ship, each with the referee's
exact odds, in one table.
"""
from __future__ import annotations

import argparse
from typing import Any

from bot.cli.output import add_lang_flag, emit
from core.messages import Plural, declare, text
from core.params import show_params

# The table's words in the player's language (`fleet vs --lang ru`); ship, weapon and rule names stay as printed.
declare({
    "fleet.vs_title": ("{fleet} vs {target}", "{fleet} против {target}"),
    "fleet.rules": ("rules: {title}", "правила: {title}"),
    "fleet.columns": ("ship|weapon|n|band|dice|E[dmg]|P(≥1)|P(crip)|P(dest)",
                      "корабль|оружие|n|дальность|кубы|E[урон]|P(≥1)|P(повр)|P(уничт)"),
    "fleet.cannot": ("cannot fire: {why}", "не может стрелять: {why}"),
    "fleet.note": ("note: {note}", "примечание: {note}"),
    "fleet.sources": ("Sources: {sources}", "Источники: {sources}"),
    "fleet.header": ("== {name} — {edition}, {points} pts ({file})", "== {name} — {edition}, {points} очк. ({file})"),
    "fleet.ship": ("   {name}{models} ({faction}, {points} pts)", "   {name}{models} ({faction}, {points} очк.)"),
    "fleet.ship_rules": ("     rules: {rules}", "     правила: {rules}"),
    "fleet.imported": (Plural("ships", ("imported fleet {name!r}: {ships} ship (now the current fleet)",
                                        "imported fleet {name!r}: {ships} ships (now the current fleet)")),
                       Plural("ships", ("импортирован флот «{name}»: {ships} корабль (теперь это текущий флот)",
                                        "импортирован флот «{name}»: {ships} корабля (теперь это текущий флот)",
                                        "импортирован флот «{name}»: {ships} кораблей (теперь это текущий флот)"))),
})


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    fleet = subparsers.add_parser("fleet", help="import a BattleScribe/New Recruit roster; what your fleet can do",
                                  description="Your fleet from a roster (.rosz/.ros) built in BattleScribe or New "
                                              "Recruit, and what it can do to one target ship.")
    sub = fleet.add_subparsers(dest="fleet_command", metavar="SUBCOMMAND", required=True)
    imp = sub.add_parser("import", help="read a roster (.rosz or .ros) and make it the current fleet")
    imp.add_argument("roster", metavar="ROSTER", help="a .rosz (zipped roster) or .ros file")
    imp.add_argument("--json", action="store_true", help="machine-readable output")
    add_lang_flag(imp)
    imp.set_defaults(func=run_import)
    show = sub.add_parser("show", help="the fleet's ships, weapons, points and rules")
    show.add_argument("name", nargs="?", help="fleet name (default: the last imported)")
    show.add_argument("--json", action="store_true", help="machine-readable output")
    add_lang_flag(show)
    show.set_defaults(func=run_show)
    vs = sub.add_parser("vs", help="every ship × weapon × range band of the fleet against one target, exact odds")
    vs.add_argument("target", help='target unit, e.g. "Lovelace" or "Union Columbia"')
    vs.add_argument("--fleet", help="fleet name (default: the last imported)")
    vs.add_argument("--ruleset", choices=("dw3", "dw3-qrs", "dw4"),
                    help="rules to use (default: the roster's edition)")
    vs.add_argument("--json", action="store_true", help="machine-readable output")
    add_lang_flag(vs)
    vs.set_defaults(func=run_vs)


def _render_fleet(fleet: dict[str, Any], lang: str | None = None) -> str:
    import units.messages  # noqa: F401  (declares the edition names)

    edition = text(f"units.edition.{fleet['edition']}", lang)
    lines = [text("fleet.header", lang, name=fleet["name"], edition=edition, points=fleet["points"],
                  file=fleet["file"])]
    for ship in fleet["ships"]:
        models = f" ×{ship['models']}" if ship.get("models", 1) > 1 else ""
        lines.append(text("fleet.ship", lang, name=ship["name"], models=models, faction=ship["faction"],
                          points=ship.get("points")))
        for weapon in ship["weapons"]:
            arcs = ", ".join(weapon["arcs"]) or "?"
            lines.append(f"     {weapon['mounts']} × {weapon['name']} [{arcs}]")
        if ship["rules"]:
            lines.append(text("fleet.ship_rules", lang, rules=", ".join(ship["rules"])))
    return "\n".join(lines)


def _pct(value: Any) -> str:
    return "–" if value is None else f"{100 * value:5.1f}%"


def render_table(table: dict[str, Any]) -> str:
    """The `fleet vs` table in the table's own language (the service chose it: `--lang`)."""
    lang = table.get("lang")
    ship, weapon, n, band, dice, damage, p1, crip, dest = text("fleet.columns", lang).split("|")
    lines = [text("fleet.vs_title", lang, fleet=table["fleet"], target=table["target"]),
             text("fleet.rules", lang, title=table["ruleset_title"] or table["ruleset"]),
             f"{ship:<28}{weapon:<28}{n:>3} {band:<12}{dice:>5}{damage:>8}{p1:>8}{crip:>9}{dest:>9}"]
    for row in table["rows"]:
        head = f"{row['ship'][:27]:<28}{row['weapon'][:27]:<28}{row['mounts']:>3} {row['band']:<12}"
        if "cannot" in row:
            lines.append(f"{head}{'':>5}  " + text("fleet.cannot", lang, why=row["cannot"][:60]))
            continue
        lines.append(f"{head}{row['dice']:>5}{row['expected_damage']:>8.2f}{_pct(row['p_damage']):>8}"
                     f"{_pct(row['p_crippled']):>9}{_pct(row['p_destroyed']):>9}")
    for note in table["notes"]:
        lines.append(text("fleet.note", lang, note=note))
    sources = "; ".join(f"{c['document_title']} [{c['edition']}] § {c['section']}" for c in table["citations"][:6])
    if sources:
        lines.append(text("fleet.sources", lang, sources=sources))
    return show_params("\n".join(lines), "cli")


def run_import(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    result = Admiralty().import_fleet(args.roster)
    lang = args.player_lang
    return emit(args, result, lambda r: _render_fleet(r, lang) + "\n"
                + text("fleet.imported", lang, name=r["name"], ships=len(r["ships"])))


def run_show(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().fleet(args.name), lambda r: _render_fleet(r, args.player_lang))


def run_vs(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().fleet_vs(args.target, fleet=args.fleet, ruleset=args.ruleset,
                                           lang=args.player_lang), render_table)
