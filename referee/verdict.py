"""The short human verdict sentence that leads every answer, in English or Russian."""
from __future__ import annotations

from typing import Any

WORDS = {
    "en": {"hits": "hits", "counters": "counters", "damage": "damage", "dice": "dice", "expected": "expected",
           "p1": "P(at least 1 damage)", "crit": "P(critical)", "destroyed": "P(destroyed)",
           "citadel_destroyed": "P(destroyed through the Citadel)", "catastrophic": "catastrophic explosion",
           "catastrophics": "catastrophic explosions", "critical_roll": "critical hit — roll {n} critical damage "
           "di{s}", "critical": "critical", "disorder": "disorder", "target": "target", "crippled": "crippled",
           "repeats": "per resolution; the Torrent may repeat up to {n} times",
           "disorder_damage": "beyond level 3: {n} damage instead"},
    "ru": {"hits": "попаданий", "counters": "отражений", "damage": "урона", "dice": "кубов", "expected": "ожидается",
           "p1": "P(хотя бы 1 урон)", "crit": "P(критическое)", "destroyed": "P(уничтожена)",
           "citadel_destroyed": "P(уничтожена через Цитадель)", "catastrophic": "катастрофический взрыв",
           "catastrophics": "катастрофических взрыва", "critical_roll": "критическое повреждение — бросьте {n} "
           "куб{s} критических повреждений", "critical": "критическое", "disorder": "дезорганизация",
           "target": "цель", "crippled": "повреждена",
           "repeats": "за одно разрешение; Torrent можно повторить до {n} раз",
           "disorder_damage": "сверх 3-го уровня: вместо неё {n} урона"},
}
STATES_RU = {"crippled": "повреждена", "destroyed": "уничтожена"}


def _w(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def _pct(p: float | None) -> str:
    if p is None:
        return "?"
    if 0 < p < 0.001:
        return "<0.1%"
    return f"{100 * p:.1f}%"


def attack_rolled(r: dict[str, Any], lang: str = "en") -> str:
    w = _w(lang)
    parts = [f"{r['damage']} {w['damage']}"]
    if r.get("catastrophic"):
        n = r["catastrophic"]
        parts.append(f"{n} {w['catastrophics'] if n > 1 else w['catastrophic']}")
    if r.get("critical"):
        need = r.get("critical_dice_needed", 0)
        effects = r.get("critical_effects") or []
        if need:
            plural = ("ce" if need > 1 else "e") if lang != "ru" else ("а" if 1 < need < 5 else "")
            parts.append(w["critical_roll"].format(n=need, s=plural))
        elif effects:
            parts.append(f"{w['critical']}: " + ", ".join(effects))
    if r.get("disorder"):
        over = r.get("disorder_damage")
        parts.append(f"{r['disorder']} {w['disorder']}" + (f" ({w['disorder_damage'].format(n=over)})" if over else ""))
    if r.get("state") in ("crippled", "destroyed"):
        state = STATES_RU[r["state"]] if lang == "ru" else r["state"]
        parts.append(f"{w['target']} {state}")
    return f"{r['hits']} {w['hits']} - {r['counters']} {w['counters']} = {r['net_hits']}: " + ", ".join(parts)


def attack_odds(r: dict[str, Any], lang: str = "en") -> str:
    w = _w(lang)
    at_least = r.get("p_damage_at_least", {})
    text = (f"{r['pool']} {w['dice']}: {w['expected']} {r['expected_hits']:.1f} {w['hits']}, "
            f"{r['expected_damage']:.2f} {w['damage']}; {w['p1']} {_pct(at_least.get('1', 0.0))}")
    if r.get("p_critical") is not None:
        text += f", {w['crit']} {_pct(r['p_critical'])}"
    if r.get("p_destroyed") is not None and (r.get("p_destroyed") or "p_citadel_destroyed" in r):
        text += f", {w['destroyed']} {_pct(r['p_destroyed'])}"
    elif r.get("p_citadel_destroyed") is not None:
        text += f", {w['citadel_destroyed']} {_pct(r['p_citadel_destroyed'])}"
    if r.get("repeats_up_to"):
        text += f" ({w['repeats'].format(n=r['repeats_up_to'])})"
    return text


def ram_extra(r: dict[str, Any], lang: str = "en") -> str:
    if r.get("p_rammer_destroyed"):
        return ("; таранящий уничтожен " if lang == "ru" else "; rammer destroyed ") + _pct(r["p_rammer_destroyed"])
    return ""


def pct(p: float | None) -> str:
    return _pct(p)
