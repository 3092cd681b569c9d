"""Rolled mode: validate what the player rolled against what the rules require."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.errors import InputError
from referee.faces import Face, parse_face
from referee.report import Report


class RollCheck:
    def __init__(self, report: Report) -> None:
        self.report = report

    def count(self, field: str, got: int, need: int, template: str) -> None:
        if got != need:
            if got == 0:
                raise InputError(f"{field}: missing; " + template.format(need=need, got=0), field,
                                 ru=f"{field}: не задано; нужно кубов: {need}")
            raise InputError(f"{field}: " + template.format(need=need, got=got), field,
                             ru=f"{field}: нужно кубов: {need}, задано: {got}")

    def explosions(self, got: int, needed: int, obscured: bool) -> None:
        if got < needed:
            missing = needed - got
            raise InputError(f"explosions: {needed} exploding hit{'s' if needed != 1 else ''} need "
                             f"{missing} more explosion dice (you gave {got})", "explosions",
                             ru=f"explosions: взрывных попаданий {needed}, не хватает кубов взрыва: {missing} "
                                f"(задано {got})")
        if got > needed:
            why = " (the target is Obscured: Exploding Hits add no dice)" if obscured else ""
            why_ru = " (цель Скрыта: Взрывные попадания не добавляют кубов)" if obscured else ""
            raise InputError(f"explosions: {got} explosion dice given but only {needed} are needed{why}",
                             "explosions", ru=f"explosions: задано кубов взрыва {got}, а нужно только {needed}{why_ru}")


def parse_rerolls(raw: list[str], pool: int) -> list[tuple[int, Face]]:
    out: list[tuple[int, Face]] = []
    seen: set[int] = set()
    for item in raw:
        m = re.fullmatch(r"\s*#?(\d+)\s*[:=>-]\s*(.+?)\s*", item)
        if not m:
            raise InputError(f"rerolls: {item[:30]!r} should be POSITION:FACE, e.g. 4:2", "rerolls",
                             ru=f"rerolls: {item[:30]!r} должно быть ПОЗИЦИЯ:ГРАНЬ, например 4:2")
        index = int(m.group(1))
        if not 1 <= index <= pool:
            raise InputError(f"rerolls: position {index} is outside the pool (1-{pool})", "rerolls",
                             ru=f"rerolls: позиции {index} нет в наборе (1-{pool})")
        if index in seen:
            raise InputError(f"rerolls: die {index} re-rolled twice; no die may be re-rolled more than once",
                             "rerolls", ru=f"rerolls: куб {index} переброшен дважды; перебросить куб можно один раз")
        seen.add(index)
        out.append((index, parse_face(m.group(2), "rerolls")))
    return out


@dataclass(frozen=True)
class RerollRule:
    """Which faces the attack may re-roll, and under whose rule: all `apply_rerolls` needs to know."""

    faces: frozenset[Face] = frozenset()
    names: dict[Face, str] = field(default_factory=dict)
    any_die: bool = False  # Sustained that re-rolls any one die (the quick reference)
    one_type: bool = False  # Sustained that re-rolls dice of one result type (the 3.03 rulebook)


def apply_rerolls(faces: list[Face], rerolls: list[tuple[int, Face]], rule: RerollRule,
                  report: Report) -> list[Face]:
    """Check each re-roll against the rules that allow it, then return the final faces."""
    if not rerolls:
        return list(faces)
    final = list(faces)
    sustained_faces: set[Face] = set()
    allowed = set(rule.faces)
    for index, new in rerolls:
        old = faces[index - 1]
        if old in allowed:
            who = rule.names.get(old, "re-roll")
        elif rule.any_die:
            who = "Sustained (any die)"
        elif rule.one_type:
            sustained_faces.add(old)
            if len(sustained_faces) > 1:
                kinds = sorted(f.name.lower() for f in sustained_faces)
                raise InputError("rerolls: Sustained re-rolls dice of ONE result type only; you re-rolled "
                                 + " and ".join(kinds), "rerolls",
                                 ru="rerolls: Sustained перебрасывает кубы только ОДНОГО результата; переброшены "
                                    + " и ".join(kinds))
            who = "Sustained"
        else:
            names = ", ".join(sorted(f"{f.name.lower()} ({rule.names.get(f, '')})" for f in allowed))
            raise InputError(f"rerolls: die {index} shows {old.name.lower()}, which no rule here lets you "
                             f"re-roll" + (f" (allowed: {names})" if names else " (no re-roll rule applies)"),
                             "rerolls", ru=f"rerolls: на кубе {index} {old.name.lower()}, а его здесь не перебросить"
                                           + (f" (можно: {names})" if names else " (правил переброса нет)"))
        final[index - 1] = new
        report.step("re-roll", f"die {index}: {old.name.lower()} -> {new.name.lower()} ({who})",
                    report.cite("reroll"), ru=f"куб {index}: {old.name.lower()} -> {new.name.lower()} ({who})",
                    die=index)
    return final
