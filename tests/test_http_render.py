"""Answer bodies (bot/http/render.py): orjson's bytes must carry exactly the values the standard
library's `json` did, on real answers, and fall back to it for what orjson refuses."""
from __future__ import annotations

import json

import pytest

from bot.http.render import body_response, json_bytes, json_response


def test_a_referee_answer_decodes_to_the_same_values():
    from bot.service import Admiralty

    answer = Admiralty().referee("attack", {"dice": 12, "armour": 5, "citadel": 8}, lang="ru")
    encoded = json_bytes(answer)
    assert json.loads(encoded) == json.loads(json.dumps(answer))
    assert answer["verdict"].encode() in encoded  # the Russian verdict as UTF-8, not \u-escaped
    assert any("а" <= char <= "я" for char in answer["verdict"])


def test_an_encoded_answer_is_one_line():
    """The referee's children send one answer per line: newlines inside texts must stay escaped."""
    value = {"verdict": "first line\nsecond line", "rows": [["a\r\nb"]]}
    encoded = json_bytes(value)
    assert b"\n" not in encoded and b"\r" not in encoded
    assert json.loads(encoded) == value


def test_numbers_as_keys_are_written_as_text_as_json_writes_them():
    value = {2: 0.5, 10: 0.25}  # the referee's `p_damage_at_least` is keyed by damage
    assert json.loads(json_bytes(value)) == json.loads(json.dumps(value)) == {"2": 0.5, "10": 0.25}


def test_what_orjson_refuses_is_encoded_by_json():
    value = {"huge": 2 ** 70}  # beyond orjson's 64-bit integers
    assert json_bytes(value) == json.dumps(value).encode()


def test_an_unencodable_value_still_fails_loudly():
    with pytest.raises(TypeError):
        json_bytes({"set": {1, 2}})


def test_a_response_is_json_in_utf8():
    response = json_response({"status": "ok"}, status=201)
    assert response.status == 201
    assert response.content_type == "application/json" and response.charset == "utf-8"
    assert json.loads(response.body) == {"status": "ok"}
    assert body_response(b"{}").body == b"{}"


@pytest.mark.slow
def test_real_answers_decode_to_the_same_values(built_settings):
    from bot.service import Admiralty

    service = Admiralty(built_settings)
    for question in ("How does ramming work?", "Как работает таран?", "What is the range of Point Blank?"):
        answer = service.ask(question, k=5)
        assert json.loads(json_bytes(answer)) == json.loads(json.dumps(answer))
