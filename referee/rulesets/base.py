"""What a ruleset is: data (numbers, section names, tables) plus a few small functions.

Each ruleset module builds one `Ruleset`; adding a ruleset means adding a module and one
line in `referee.rulesets.REGISTRY`, never editing another ruleset.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from referee.citations import Citation
from referee.faces import Face

# Standard face values: S 1, H 2, X 2 in attacks; C 1, K 2 in defence rolls.
ATTACK_VALUES: dict[Face, int] = {
    Face.EXPLODING: 2, Face.HEAVY: 2, Face.HIT: 1,
    Face.HEAVY_COUNTER: 0, Face.COUNTER: 0, Face.BLANK: 0,
}
COUNTER_VALUES: dict[Face, int] = {
    Face.EXPLODING: 0, Face.HEAVY: 0, Face.HIT: 0,
    Face.HEAVY_COUNTER: 2, Face.COUNTER: 1, Face.BLANK: 0,
}


@dataclass(frozen=True)
class CriticalFace:
    """One face of the critical damage die and what it does to the numbers."""

    name: str
    damage: int = 0
    disorder: int = 0
    reroll_without_generator: bool = False  # QR: "If the model does not have a generator, reroll this result."
    extra_disorder_without_generator: int = 0  # RB: "Если у Модели нет Генераторов, она получает дополнительный…"


@dataclass(frozen=True)
class AssaultRow:
    key: str
    label: str
    target_damage: int = 0
    target_disorder: int = 0
    critical_rolls: int = 0
    catastrophic: int = 0
    assaulter_damage: int = 0
    assaulter_disorder: int = 0
    damage_per_hit_over: int | None = None  # qrs: +1 damage per hit from the 5th on
    label_ru: str | None = None  # the label in a Russian answer


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    edition: str  # citation edition key
    family: str  # "dw3" (Citadel, Armour grouping) or "dw4" (Success Thresholds)
    sections: Mapping[str, str]
    qualities: Mapping[str, str]  # quality id -> section for citation
    bands: tuple[tuple[str, float], ...]  # (band, upper bound in inches), nearer band on a tie
    extreme_range_long: float | None = None
    obscured_stops_explosions: bool = True
    ram_cap: int = 5
    catastrophic_replaces_critical: bool = False
    mass1_any_critical_destroys: bool = False
    piercing_mass1_citadel: int = 3
    sustained: str | None = "one-type"  # "one-type", "any", None
    shield_dice_default: int = 2
    escort_attack_bonus_point_blank: bool = True
    assault_defender_srs_dice: int = 3
    assault_rows: tuple[AssaultRow, ...] = ()
    assault_row_for: Callable[[int], str] | None = None
    critical_faces: tuple[CriticalFace, ...] = ()
    magnetic_needs_damage: bool = True
    fusillade_blocked_traits: frozenset[str] = frozenset()
    torpedo_blocked_traits: frozenset[str] = frozenset()
    ram_self_damage: Mapping[Face, tuple[int, int]] = field(default_factory=dict)
    mass1_rammer_destroyed: bool = True
    rammed_target_disorder: bool = True
    notes: tuple[str, ...] = ()
    # sections this ruleset's own text lacks: cited from another document (edition, section) ...
    foreign_sections: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # ... or reconstructed from outside every text (dw4 core mechanics): key -> what was reconstructed
    reconstructed: Mapping[str, str] = field(default_factory=dict)
    reconstructed_ru: Mapping[str, str] = field(default_factory=dict)  # the same, said to a Russian player
    submerged_blocked_traits: frozenset[str] = frozenset({"aerial"})
    reactor_leak_citadel: int = 1  # Citadel lost to a Reactor Leak marker
    torrent_supports: bool = True  # QR: "You cannot support with torrent weapons"; RB 3.03 lets them add dice
    defence_needs_quality: bool = False  # dw3: Defences only against Aerial or Submerged attacks
    defence_srs_dice: int = 1  # defence dice per SRS token the target discards
    defence_srs_reading: tuple[str, str] | None = None  # (en, ru) when the text contradicts itself
    # Mass 1 destruction by the Citadel: ((en, ru) for >=, (en, ru) for > with mass1_strict)
    mass1_reading: tuple[tuple[str, str], tuple[str, str]] | None = None
    attached_defence_dice: int = 0  # combined units (RB ОБЕДИНЕННЫЕ ПОДРАЗДЕЛЕНИЯ)
    assault_escorts_are_corvettes: bool = False
    assault_reading: tuple[str, str] | None = None  # (en, ru): how the assault table was read
    ram_self_damage_reading: tuple[str, str] | None = None  # QR: only corvettes add assault dice
    # The same rules in English, cited beside this ruleset's own (Russian) book for an English player.
    english: Ruleset | None = None

    def cite(self, key: str, lang: str = "en") -> Citation:
        if key in self.reconstructed:
            if lang == "ru":
                return Citation(self.edition, self.reconstructed_ru[key], reconstructed=True, lang="ru")
            return Citation(self.edition, self.reconstructed[key], reconstructed=True)
        if key in self.foreign_sections:
            edition, section = self.foreign_sections[key]
            return Citation(edition, section)
        return Citation(self.edition, self.sections[key])

    def cite_quality(self, quality: str) -> Citation:
        return Citation(self.edition, self.qualities[quality])

    def english_citation(self, key: str, quality: bool = False) -> Citation | None:
        """The same rule in `english` (the quick reference's English text), where it states one."""
        if self.english is None:
            return None
        section = (self.english.qualities if quality else self.english.sections).get(key)
        return Citation(self.english.edition, section) if section else None

    def band_for(self, inches: float, extreme_range: bool) -> str | None:
        for band, upper in self.bands:
            if band == self.bands[-1][0] and extreme_range and self.extreme_range_long:
                upper = self.extreme_range_long
            if inches <= upper:
                return band
        return None
