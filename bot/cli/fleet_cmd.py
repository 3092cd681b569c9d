"""`admiralty fleet import ROSTER.rosz`, `fleet show [NAME]`, `fleet vs TARGET`: the player's fleet.

A roster is a BattleScribe / New Recruit .rosz (a zipped .ros) or .ros file; `vs` sets every
ship × weapon × range band of the fleet against one target ship, each with the referee's
exact odds, in one table.
"""
from __future__ import annotations

import argparse
from typing import Any

from bot.cli.output import emit


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    fleet = subparsers.add_parser("fleet", help="import a BattleScribe/New Recruit roster; what your fleet can do",
                                  description="Your fleet from a roster (.rosz/.ros) built in BattleScribe or New "
                                              "Recruit, and what it can do to one target ship.")
    sub = fleet.add_subparsers(dest="fleet_command", metavar="SUBCOMMAND", required=True)
    imp = sub.add_parser("import", help="read a roster (.rosz or .ros) and make it the current fleet")
    imp.add_argument("roster", metavar="ROSTER", help="a .rosz (zipped roster) or .ros file")
    imp.add_argument("--json", action="store_true", help="machine-readable output")
    imp.set_defaults(func=run_import)
    show = sub.add_parser("show", help="the fleet's ships, weapons, points and rules")
    show.add_argument("name", nargs="?", help="fleet name (default: the last imported)")
    show.add_argument("--json", action="store_true", help="machine-readable output")
    show.set_defaults(func=run_show)
    vs = sub.add_parser("vs", help="every ship × weapon × range band of the fleet against one target, exact odds")
    vs.add_argument("target", help='target unit, e.g. "Lovelace" or "Union Columbia"')
    vs.add_argument("--fleet", help="fleet name (default: the last imported)")
    vs.add_argument("--ruleset", choices=("dw3", "dw3-qrs", "dw4"),
                    help="rules to use (default: the roster's edition)")
    vs.add_argument("--json", action="store_true", help="machine-readable output")
    vs.set_defaults(func=run_vs)


def _render_fleet(fleet: dict[str, Any]) -> str:
    lines = [f"== {fleet['name']} — {fleet['edition_label']}, {fleet['points']} pts ({fleet['file']})"]
    for ship in fleet["ships"]:
        models = f" ×{ship['models']}" if ship.get("models", 1) > 1 else ""
        lines.append(f"   {ship['name']}{models} ({ship['faction']}, {ship.get('points')} pts)")
        for weapon in ship["weapons"]:
            arcs = ", ".join(weapon["arcs"]) or "?"
            lines.append(f"     {weapon['mounts']} × {weapon['name']} [{arcs}]")
        if ship["rules"]:
            lines.append(f"     rules: {', '.join(ship['rules'])}")
    return "\n".join(lines)


def _pct(value: Any) -> str:
    return "–" if value is None else f"{100 * value:5.1f}%"


def render_table(table: dict[str, Any]) -> str:
    lines = [f"{table['fleet']} vs {table['target']}",
             f"rules: {table['ruleset_title'] or table['ruleset']}",
             f"{'ship':<28}{'weapon':<28}{'n':>3} {'band':<12}{'dice':>5}{'E[dmg]':>8}{'P(≥1)':>8}"
             f"{'P(crip)':>9}{'P(dest)':>9}"]
    for row in table["rows"]:
        head = f"{row['ship'][:27]:<28}{row['weapon'][:27]:<28}{row['mounts']:>3} {row['band']:<12}"
        if "cannot" in row:
            lines.append(f"{head}{'':>5}  cannot fire: {row['cannot'][:60]}")
            continue
        lines.append(f"{head}{row['dice']:>5}{row['expected_damage']:>8.2f}{_pct(row['p_damage']):>8}"
                     f"{_pct(row['p_crippled']):>9}{_pct(row['p_destroyed']):>9}")
    for note in table["notes"]:
        lines.append(f"note: {note}")
    sources = "; ".join(f"{c['document_title']} [{c['edition']}] § {c['section']}" for c in table["citations"][:6])
    if sources:
        lines.append(f"Sources: {sources}")
    return "\n".join(lines)


def run_import(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    result = Admiralty().import_fleet(args.roster)
    return emit(args, result, lambda r: _render_fleet(r) + "\n"
                f"imported fleet {r['name']!r}: {len(r['ships'])} ships (now the current fleet)")


def run_show(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().fleet(args.name), _render_fleet)


def run_vs(args: argparse.Namespace) -> int:
    from bot.service import Admiralty

    return emit(args, Admiralty().fleet_vs(args.target, fleet=args.fleet, ruleset=args.ruleset), render_table)
