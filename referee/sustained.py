"""Which face Sustained re-rolls: a stated policy, so odds mode can decide after 'seeing' the roll."""
from __future__ import annotations

from dataclasses import dataclass

from referee import dice
from referee.dice import FaceRules
from referee.errors import InputError
from referee.faces import FACES, Face

FIXED = {"blank": Face.BLANK, "counter": Face.COUNTER, "heavy-counter": Face.HEAVY_COUNTER, "hit": Face.HIT}


@dataclass(frozen=True)
class SustainedPolicy:
    name: str
    values: dict[Face, float]  # expected Hits of a die showing each face (chain included)
    fresh: float  # expected Hits of a re-rolled die
    fixed: Face | None = None

    @classmethod
    def make(cls, name: str, rules: FaceRules) -> SustainedPolicy:
        values = {f: dice.expected_value(rules, f) for f in FACES}
        fresh = sum(values.values()) / 6
        if name == "max-hits":
            return cls(name, values, fresh)
        if name in FIXED:
            return cls(name, values, fresh, FIXED[name])
        raise InputError(f"sustained_policy: unknown policy {name!r}", "sustained_policy",
                         ru=f"sustained_policy: неизвестное правило {name!r}")

    def eligible(self, face: Face) -> bool:
        if self.fixed is not None:
            return face is self.fixed
        return self.values[face] < self.fresh - 1e-12

    def __call__(self, cnt: dict[Face, int]) -> Face | None:
        """The face type to re-roll given the candidate counts (largest expected gain; ties: first)."""
        if self.fixed is not None:
            return self.fixed if cnt.get(self.fixed) else None
        best, gain = None, 0.0
        for face, c in cnt.items():
            g = c * (self.fresh - self.values[face])
            if g > gain + 1e-12:
                best, gain = face, g
        return best

    def any_faces(self) -> frozenset[Face]:
        """QRS Sustained may re-roll any dice: every face worth less than a fresh die."""
        if self.fixed is not None:
            return frozenset({self.fixed})
        return frozenset(f for f in FACES if self.eligible(f))
