"""The referee worker process: one JSON request per line on stdin, one JSON reply per line on stdout.

Started by `bot.http.workers` with `python -m bot.http.referee_child`; a plain
subprocess (not multiprocessing) so it never re-imports the parent's main script.
"""
from __future__ import annotations

import json
import sys
import traceback
from typing import Any


def main() -> int:
    from bot.service import Admiralty, UserInputError, error_text

    replies = sys.stdout
    sys.stdout = sys.stderr  # stray prints must never corrupt the protocol
    service = Admiralty()
    for line in sys.stdin:
        reply: dict[str, Any]
        lang = None
        try:
            request = json.loads(line)
            lang = request.get("lang")
            reply = {"ok": service.referee(request["action"], request["params"], lang=lang)}
        except UserInputError as exc:  # carried across the process boundary whole, in the player's language
            reply = {"input_error": error_text(exc, lang), "field": exc.field, "status": exc.status,
                     "code": exc.code}
        except Exception:  # reported to the parent, which logs it and answers 500
            reply = {"bug": traceback.format_exc()}
        replies.write(json.dumps(reply, ensure_ascii=True) + "\n")
        replies.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
