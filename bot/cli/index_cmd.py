"""`admiralty index build|status`: build the search index, or say how fresh it is."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from bot.cli.output import print_json
from bot.service import Admiralty


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("index", help="build the index or show its status")
    sub = p.add_subparsers(dest="index_command", metavar="ACTION", required=True)
    build = sub.add_parser("build", help="build or rebuild the index (re-embeds only changed passages)")
    build.add_argument("--quiet", action="store_true", help="no progress output")
    build.set_defaults(func=run_build)
    status = sub.add_parser("status", help="documents, chunk counts, model, freshness")
    status.add_argument("--json", action="store_true")
    status.set_defaults(func=run_status)


def run_build(args: argparse.Namespace) -> int:
    # A progress bar only on a terminal; in a log (CI, cron) the one summary line below is enough.
    build = Admiralty().build_index(progress=not args.quiet and sys.stderr.isatty())
    if not args.quiet:
        print(f"index built: {build}")
    return 0


def run_status(args: argparse.Namespace) -> int:
    service = Admiralty()
    settings = service.settings
    status = service.index_status()
    documents = [{**d, "chunks": status.chunk_counts.get(d["id"], 0)} for d in service.sources()]
    data: dict[str, Any] = {
        "data_dir": str(settings.data_dir), "build": str(status.build_dir) if status.build_dir else None,
        "fresh": status.fresh, "stale_reasons": status.reasons, "model": status.meta.get("model", settings.model),
        "documents": documents,
    }
    if args.json:
        print_json(data)
        return 0
    print(f"data dir: {data['data_dir']}")
    print(f"model:    {data['model']}")
    print(f"index:    {'fresh' if status.fresh else 'STALE: ' + '; '.join(status.reasons)}")
    for d in data["documents"]:
        print(f"  {d['id']:<22} {d['chunks']:>4} chunks  {d['language']}  {d['edition_label']} — "
              f"{d['title']} ({d['version']})")
    return 0 if status.fresh else 1
