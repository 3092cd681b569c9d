"""The referee worker process: one JSON request per line on stdin, one reply per line on stdout.

Started by `bot.http.workers` with `python -m bot.http.referee_child`; a plain
subprocess (not multiprocessing) so it never re-imports the parent's main script.

A reply line is `ok ` and the result's JSON exactly as the HTTP answer carries it (the server
sends those bytes on without parsing and re-encoding ~10 kB per attack), or `no ` and a JSON
object for a refusal or a bug.
"""
from __future__ import annotations

import json
import sys
import traceback
from typing import Any

RESULT = "ok "  # the result's JSON follows, as bot.http.render.json_bytes writes it for the HTTP answer
FAILURE = "no "  # a JSON object follows: {"input_error", "field", "status", "code"} or {"bug"}
_RESULT, _FAILURE = RESULT.encode(), FAILURE.encode()


def main() -> int:
    from bot.http.render import json_bytes
    from bot.service import Admiralty, UserInputError, error_text

    replies = sys.stdout.buffer  # bytes: the result's UTF-8 JSON goes out as it was encoded
    sys.stdout = sys.stderr  # stray prints must never corrupt the protocol
    service = Admiralty()
    for line in sys.stdin:
        failure: dict[str, Any]
        lang = None
        try:
            request = json.loads(line)
            lang = request.get("lang")
            answer = _RESULT + json_bytes(service.referee(request["action"], request["params"], lang=lang))
        except UserInputError as exc:  # carried across the process boundary whole, in the player's language
            failure = {"input_error": error_text(exc, lang), "field": exc.field, "status": exc.status,
                       "code": exc.code}
            answer = _FAILURE + json.dumps(failure, ensure_ascii=True).encode()
        except Exception:  # reported to the parent, which logs it and answers 500
            answer = _FAILURE + json.dumps({"bug": traceback.format_exc()}, ensure_ascii=True).encode()
        replies.write(answer + b"\n")
        replies.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
