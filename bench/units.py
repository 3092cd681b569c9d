"""Unit profiles: import of a synthetic ~9 MB faction set, and `admiralty unit` cold start.

Targets (issue 10): a game system plus fifteen catalogues (~9 MB of XML) imports in <= 10 s
with <= 300 MB peak memory on 2 cores; `admiralty unit` starts in <= 0.5 s. The start-up
is timed against a bare `python -c pass` in the same run (median of N, interleaved), and
against that imported set (the lookup loads every stored profile).

    python bench/units.py [--runs 7] [--megabytes 9] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.timing import process_times  # noqa: E402

GST_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CAT_NS = "http://www.battlescribe.net/schema/catalogueSchema"
FACTIONS = 14  # + 1 weapon library = 15 catalogues
WEAPONS = 300
FILLER = ("This synthetic rule text pads the catalogue to the size of real data; it is invented for the "
          "benchmark and means nothing. ") * 3


def _system() -> str:
    chars = "".join(f'<characteristicType id="ct-{n}" name="{n}"/>'
                    for n in ("Mass", "Speed", "Turn", "Armour", "Citadel", "Hull", "Fray", "ADV", "SDV"))
    weapon = "".join(f'<characteristicType id="ct-{k}" name="{n}"/>' for k, n in
                     (("arc", "Fire Arc"), ("pb", "Point Blank"), ("cl", "Closing"), ("lg", "Long"),
                      ("q", "Qualities")))
    rules = "".join(f'<rule id="sr-{i}" name="Shared Rule {i}"><description>{FILLER}</description></rule>'
                    for i in range(50))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<gameSystem xmlns="{GST_NS}" id="sys-bench" '
            f'name="Bench System" revision="1" type="gameSystem"><profileTypes>'
            f'<profileType id="pt-ship" name="Ship"><characteristicTypes>{chars}</characteristicTypes></profileType>'
            f'<profileType id="pt-weapon" name="Weapon"><characteristicTypes>{weapon}</characteristicTypes>'
            f'</profileType></profileTypes><sharedRules>{rules}</sharedRules></gameSystem>\n')


def _library() -> str:
    entries = []
    for i in range(WEAPONS):
        entries.append(
            f'<selectionEntry id="w-{i}" name="Weapon {i}" type="upgrade"><profiles>'
            f'<profile id="wp-{i}" name="Weapon {i}" typeId="pt-weapon" typeName="Weapon"><characteristics>'
            f'<characteristic name="Fire Arc" typeId="ct-arc">F / P / S</characteristic>'
            f'<characteristic name="Point Blank" typeId="ct-pb">'
            f'{i % 9 + 2}({i % 5 + 1}) / {i % 6 + 1}({i % 3})</characteristic>'
            f'<characteristic name="Closing" typeId="ct-cl">'
            f'{i % 7 + 3}({i % 4 + 1}) / {i % 5 + 1}({i % 2})</characteristic>'
            f'<characteristic name="Long" typeId="ct-lg">{i % 5 + 1}({i % 3 + 1}) / -(-)</characteristic>'
            f'<characteristic name="Qualities" typeId="ct-q">Gunnery, Sustained</characteristic>'
            f'</characteristics></profile></profiles></selectionEntry>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<catalogue xmlns="{CAT_NS}" id="cat-bench-lib" '
            f'name="Library - Bench Weapons" revision="1" library="true" gameSystemId="sys-bench" type="catalogue">'
            f'<sharedSelectionEntries>{"".join(entries)}</sharedSelectionEntries></catalogue>\n')


def _faction(f: int, units: int) -> str:
    entries = []
    for u in range(units):
        uid = f"f{f}-u{u}"
        stats = "".join(f'<characteristic name="{n}" typeId="ct-{n}">{v}</characteristic>' for n, v in
                        (("Mass", u % 4 + 1), ("Speed", f"{u % 6 + 5}/{u % 6 + 3}"), ("Turn", "5/4"),
                         ("Armour", f"{u % 4 + 4}/{u % 4 + 3}"), ("Citadel", f"{u % 8 + 6}/{u % 8 + 4}"),
                         ("Hull", f"{u % 6 + 2}/{u % 6 + 1}"), ("Fray", "8/7"), ("ADV", "3/2"), ("SDV", "3/2")))
        w1, w2, w3 = (u * 3) % WEAPONS, (u * 3 + 1) % WEAPONS, (u * 3 + 2) % WEAPONS
        entries.append(
            f'<selectionEntry id="{uid}" name="Faction {f} Ship {u} Cruiser" type="model">'
            f'<profiles><profile id="{uid}-p" name="Faction {f} Ship {u}" typeId="pt-ship" typeName="Ship">'
            f'<characteristics>{stats}</characteristics></profile></profiles>'
            f'<infoLinks><infoLink id="{uid}-r" name="Shared Rule" targetId="sr-{u % 50}" type="rule"/></infoLinks>'
            f'<rules><rule id="{uid}-own" name="Own Rule {u}"><description>{FILLER}</description></rule></rules>'
            f'<entryLinks><entryLink id="{uid}-w1" name="Weapon" targetId="w-{w1}" type="selectionEntry"/>'
            f'</entryLinks>'
            f'<selectionEntryGroups>'
            f'<selectionEntryGroup id="{uid}-g" name="Options" defaultSelectionEntryId="{uid}-w2">'
            f'<entryLinks><entryLink id="{uid}-w2" name="Weapon" targetId="w-{w2}" type="selectionEntry"/>'
            f'<entryLink id="{uid}-w3" name="Weapon" targetId="w-{w3}" type="selectionEntry"/></entryLinks>'
            f'</selectionEntryGroup></selectionEntryGroups></selectionEntry>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<catalogue xmlns="{CAT_NS}" id="cat-bench-{f}" '
            f'name="Bench Faction {f}" revision="3" library="false" gameSystemId="sys-bench" type="catalogue">'
            f'<catalogueLinks><catalogueLink id="cl-{f}" name="Library" targetId="cat-bench-lib" type="catalogue"/>'
            f'</catalogueLinks><selectionEntries>{"".join(entries)}</selectionEntries></catalogue>\n')


def write_set(folder: Path, megabytes: float) -> tuple[int, int]:
    """The synthetic set in `folder`: (bytes written, units)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bench.gst").write_text(_system(), encoding="utf-8")
    (folder / "library.cat").write_text(_library(), encoding="utf-8")
    fixed = sum(p.stat().st_size for p in folder.iterdir())
    per_unit = len(_faction(0, 10).encode()) / 10
    units = max(1, int((megabytes * 1e6 - fixed) / per_unit / FACTIONS))
    for f in range(FACTIONS):
        (folder / f"faction-{f:02d}.cat").write_text(_faction(f, units), encoding="utf-8")
    return sum(p.stat().st_size for p in folder.iterdir()), units * FACTIONS


_IMPORT_CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from units.book import import_files
result = import_files(sys.argv[1], [sys.argv[2]])
print(json.dumps({"seconds": time.perf_counter() - start, "units": result["units"],
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--megabytes", type=float, default=9.0)
    parser.add_argument("--keep", type=Path, help="write the synthetic set and data dir here and keep them")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="admiralty-units-bench-"))
    folder, data = work / "set", work / "data"
    size, units = write_set(folder, args.megabytes)
    print(f"synthetic set: {len(list(folder.iterdir()))} files, {size / 1e6:.1f} MB, {units} units")

    out = subprocess.run([sys.executable, "-c", _IMPORT_CHILD, str(data), str(folder)], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    result = json.loads(out)
    print(f"import: {result['seconds']:.2f} s (target <= 10 s), peak {result['peak_mb']:.0f} MB "
          f"(target <= 300 MB), {result['units']} units: "
          f"{'OK' if result['seconds'] <= 10 and result['peak_mb'] <= 300 else 'OVER'}")

    env = dict(os.environ, ADMIRALTY_DATA_DIR=str(data))
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "admiralty --help": [sys.executable, "-m", "bot.cli", "--help"],
        "admiralty unit (corpus only)": [sys.executable, "-m", "bot.cli", "unit", "Borodino", "--json"],
        "admiralty unit (+ imported set)": [sys.executable, "-m", "bot.cli", "unit", "Faction 3 Ship 7", "--json"],
    }
    bare_env = dict(os.environ, ADMIRALTY_DATA_DIR=str(work / "empty"))
    envs = {"python -c pass": env, "admiralty --help": env, "admiralty unit (corpus only)": bare_env,
            "admiralty unit (+ imported set)": env}
    times = process_times(commands, args.runs, envs, cwd=str(ROOT))
    base = statistics.median(times["python -c pass"])
    cli = statistics.median(times["admiralty --help"])
    print(f"{'command':<34}{'median s':>10}{'max s':>9}{'x python':>10}{'over python s':>15}{'over --help s':>15}")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"{name:<34}{med:>10.3f}{max(values):>9.3f}{med / base:>10.1f}{med - base:>15.3f}{med - cli:>15.3f}")
    worst = statistics.median(times["admiralty unit (+ imported set)"])
    print(f"\nadmiralty unit cold start: {worst:.2f} s with {units} imported units (target <= 0.5 s): "
          f"{'OK' if worst <= 0.5 else 'OVER'}; the lookup's own share (over `admiralty --help`, the CLI's "
          f"import cost): {worst - cli:.2f} s")
    if not args.keep:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
