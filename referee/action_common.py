"""Small pieces every action module shares: common inputs and limits, the rolled-mode inputs,
which rulesets use an input, citations by edition, required-input errors and the distribution
helpers they all print.

Imports only core.params and referee leaf modules, so every action module can import it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.params import Kind, ParamSpec
from referee.citations import Citation
from referee.errors import InputError
from referee.report import Report

RULESET_IDS = ("dw3", "dw3-qrs", "dw4")
# ParamSpec.rulesets values: the 3rd-edition rulesets, the rulebook alone, the 4th edition
DW3 = ("dw3", "dw3-qrs")
DW3_RULEBOOK = ("dw3",)
DW4 = ("dw4",)
MAX_DICE = 200
MAX_QUALITIES = 30
MAX_FACES = 400  # a pool of MAX_DICE plus its explosion chain
BANDS = ("point-blank", "closing", "long", "close", "standard", "extreme")
TRAITS = ("surface", "aerial", "submerged", "ground", "skimming", "airborne", "underwater")
# dw4 names of the same position traits
TRAIT_ALIASES = {"airborne": "aerial", "underwater": "submerged"}
MAX_DESCRIPTION = 1000  # one limit for free text in every front end (Discord's, the API's and the CLI's)
EDITIONS = ("dw3-rulebook", "dw3-quick-reference", "dw4-glossary")


def common() -> list[ParamSpec]:
    """description and ruleset, as every action has them (the one definition; referee.params uses it too)."""
    return [
        ParamSpec("description", Kind.TEXT, "free text, English or Russian (explicit values override it)",
                  max_length=MAX_DESCRIPTION),
        ParamSpec("ruleset", Kind.CHOICE, "dw3 (rulebook v3.03, default), dw3-qrs (quick reference), dw4",
                  choices=RULESET_IDS),
    ]


def faces(name: str, help_text: str) -> ParamSpec:
    return ParamSpec(name, Kind.FACES, help_text, max_items=MAX_FACES)


def rolled_inputs() -> list[ParamSpec]:
    """The rolled-mode inputs the attack, the assault and the ram share."""
    return [
        faces("roll", "faces rolled for the pool (1 exploding, 2 heavy, 3 hit, 4 heavy counter, 5 counter, 6 blank; "
              "names accepted); gives rolled mode"),
        ParamSpec("rerolls", Kind.TEXTS, "re-roll replacements as POSITION:FACE (1-based), e.g. 4:2",
                  max_items=MAX_FACES),
        faces("explosions", "explosion dice in the order rolled"),
        faces("defence_roll", "faces of the defender's dice"),
        faces("critical_roll", "critical damage dice (1-6)"),
    ]


def only(rulesets: tuple[str, ...], why: str | Mapping[str, str], *specs: ParamSpec) -> list[ParamSpec]:
    """The specs, declared as used by `rulesets` only; `why` is the note the others give."""
    return [replace(spec, rulesets=rulesets, unused_why=why) for spec in specs]


def cite(report: Report, sections: Mapping[str, str]) -> Citation:
    """Cite the section of the ruleset's own document (sections keyed by edition)."""
    c = Citation(report.ruleset.edition, sections[report.ruleset.edition])
    report.citations.append(c)
    return c


def require(p: Mapping[str, Any], name: str, what: str, what_ru: str) -> Any:
    """The value of input `name`, or an error saying what it is (`what`, `what_ru`: in each language)."""
    if p.get(name) is None:
        raise InputError(f"{name}: {what} is needed (⟨{name}⟩)", name, ru=f"{name}: не задано: {what_ru} (⟨{name}⟩)")
    return p[name]


def note_unused(p: Mapping[str, Any], report: Report, names: Sequence[str], why: str,
                why_ru: str | None = None) -> None:
    """Inputs the chosen ruleset does not use are named, never silently dropped."""
    for name in names:
        if p.get(name) not in (None, [], False):
            report.note(f"⟨{name}⟩ was given but is not used: {why}",
                        f"⟨{name}⟩ задан, но не используется: {why_ru or why}")


def dist_json(dist: Mapping[int, float]) -> dict[str, float]:
    return {str(k): v for k, v in sorted(dist.items()) if v > 1e-15}


def at_least(dist: Mapping[int, float]) -> dict[str, float]:
    out: dict[str, float] = {}
    running = 0.0
    for k in sorted(dist, reverse=True):
        if k <= 0:
            break
        running += dist[k]
        out[str(k)] = min(1.0, running)
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def mean(dist: Mapping[int, float]) -> float:
    return sum(k * v for k, v in dist.items())


def binomial(n: int, p: float) -> dict[int, float]:
    """Exact Binomial(n, p) as {k: probability}."""
    from math import comb
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}
