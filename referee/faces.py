"""Die faces: one code per face, and the parsing of what a player types for a face.

The numeric 1-6 mapping is the rulebook's own substitution table for players without
custom dice (dw3 rulebook, "БОЕВЫЕ КУБЫ"): 1 Exploding, 2 Heavy, 3 Hit, 4 Heavy Counter,
5 Counter, 6 Blank.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from referee.errors import InputError


class Face(str, Enum):  # noqa: UP042 - str(face) and f-strings must keep the Enum form
    EXPLODING = "X"
    HEAVY = "H"
    HIT = "S"
    HEAVY_COUNTER = "K"
    COUNTER = "C"
    BLANK = "B"

    @property
    def number(self) -> int:
        return FACES.index(self) + 1


FACES: tuple[Face, ...] = (
    Face.EXPLODING, Face.HEAVY, Face.HIT, Face.HEAVY_COUNTER, Face.COUNTER, Face.BLANK,
)

# Names a player might type (lower case). English dw3 and dw4 names, Russian, symbols.
_ALIASES: dict[str, Face] = {}
for _face, _names in {
    Face.EXPLODING: ("x", "exploding", "exploding hit", "exploding strike", "explode", "boom",
                     "взрывное", "взрывное попадание", "взрыв", "*", "💥"),
    Face.HEAVY: ("h", "heavy", "heavy hit", "heavy strike", "тяжелое", "тяжёлое",
                 "тяжелое попадание", "тяжёлое попадание", "!!"),
    Face.HIT: ("s", "hit", "standard strike", "strike", "light hit", "попадание", "!"),
    Face.HEAVY_COUNTER: ("k", "heavy counter", "hc", "мощное отражение", "тяжелое отражение",
                         "тяжёлое отражение", "##"),
    Face.COUNTER: ("c", "counter", "standard counter", "light counter", "отражение", "#"),
    Face.BLANK: ("b", "blank", "-", "0", "пусто", "пустая", "без результата", "пустая грань"),
}.items():
    for _name in _names:
        _ALIASES[_name] = _face
for _face in FACES:
    _ALIASES[str(_face.number)] = _face


def parse_face(token: object, field: str) -> Face:
    """One face from a number 1-6, a code, a name or a symbol."""
    if isinstance(token, Face):
        return token
    if isinstance(token, bool):
        raise InputError(f"{field}: {token!r} is not a die face (use 1-6 or a face name)", field,
                         ru=f"{field}: {token!r} — не грань куба (1-6 или название грани)")
    if isinstance(token, int):
        if 1 <= token <= 6:
            return FACES[token - 1]
        raise InputError(f"{field}: {token} is not a die face (faces are 1-6)", field,
                         ru=f"{field}: {token} — не грань куба (грани 1-6)")
    if isinstance(token, str):
        key = " ".join(token.strip().lower().replace("_", " ").split())
        if key in _ALIASES:
            return _ALIASES[key]
        raise InputError(
            f"{field}: {token.strip()[:30]!r} is not a die face "
            "(use 1-6: 1 exploding, 2 heavy, 3 hit, 4 heavy counter, 5 counter, 6 blank)",
            field,
            ru=f"{field}: {token.strip()[:30]!r} — не грань куба (1-6: 1 взрывное, 2 тяжёлое, 3 попадание, "
               "4 тяжёлое отражение, 5 отражение, 6 пусто)",
        )
    raise InputError(f"{field}: expected a list of die faces", field, ru=f"{field}: ожидается список граней кубов")


def parse_faces(value: object, field: str, limit: int = 1000) -> list[Face]:
    """A roll given as a list or as a comma/space separated string."""
    if value is None:
        return []
    if isinstance(value, str):
        text = value.replace(";", ",")
        words = [p for p in (text.split(",") if "," in text else text.split()) if p.strip()]
        if len(words) == 1 and words[0].strip().isdigit() and len(words[0].strip()) > 1:
            words = list(words[0].strip())  # "123456" typed without separators
        parts: Sequence[object] = words
    elif isinstance(value, Iterable):
        parts = list(value)
    else:
        raise InputError(f"{field}: expected a list of die faces", field,
                         ru=f"{field}: ожидается список граней кубов")
    if len(parts) > limit:
        raise InputError(f"{field}: {len(parts)} dice given, at most {limit} accepted", field,
                         ru=f"{field}: задано кубов {len(parts)}, можно не больше {limit}")
    return [parse_face(p, field) for p in parts]


def counts(faces: Iterable[Face]) -> dict[Face, int]:
    result = {face: 0 for face in FACES}
    for face in faces:
        result[face] += 1
    return result
