"""Unit-card stat rows ("3 5 3 7 6 14 12 8 / 8", "CRIPPLED 4 (3) 3 (2)", "Particle beamer F / P 6 (4)
5 (3) 4 (3) SUSTAINED, GUNNERY") printed among the quick reference's rules. They are unit data
(units/ reads them from the corpus itself), not rule text: rule search leaves them out, so they are
never quoted as the answer to "what happens when a ship is crippled"."""
from __future__ import annotations

import re

_TOKEN = re.compile(r"\S+")
_STAT_VALUE = re.compile(r"^\(?[\d-]+\)?[\"”]?$|^/$|^[FPSA]$|^\d+/\d+$")
_STAT_HEADINGS = frozenset(
    "mass spd turn arm hull cit fray adv sdv weapon fire arc pt blank closing long qualities crippled".split())
MIN_VALUES = 3  # a row states at least this many values ...
MIN_SHARE = 0.6  # ... and values (or column headings) are most of its tokens


def is_stat_row(line: str) -> bool:
    tokens = _TOKEN.findall(line)
    if len(tokens) < MIN_VALUES:
        return False
    values = sum(1 for t in tokens if _STAT_VALUE.match(t))
    headings = sum(1 for t in tokens if t.isupper() and t.lower().strip(",/") in _STAT_HEADINGS)
    if values >= MIN_VALUES and (values + headings) / len(tokens) >= MIN_SHARE:
        return True
    return headings >= 4 and headings / len(tokens) >= MIN_SHARE  # a row of column headings


def is_stat_block(paragraph: str) -> bool:
    """Every line of the paragraph is a stat row."""
    lines = [line for line in paragraph.split("\n") if line.strip()]
    return bool(lines) and all(is_stat_row(line) for line in lines)
