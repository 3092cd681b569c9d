"""Terminal rendering of referee results.

Order: what the question was understood as (ruleset, pool and how it was built, target values,
qualities, range band), the assumptions, then the verdict and the numbers — and in odds mode the
pool-building steps too, so a misparse is visible at the table. Input mentions (⟨name⟩) are
rendered as this front end's flags.
"""
from __future__ import annotations

from typing import Any

from core.messages import declare, text
from core.params import show_params
from referee.labels import input_label, shown_value

BAR_WIDTH = 30
# input keys shown on the "target" line, in this order
TARGET_KEYS = ("armour", "threshold", "citadel", "mass", "hull", "damage_taken", "crippled", "crippled_hull",
               "target_type", "markers", "target_generator", "target_armour", "target_citadel", "target_mass",
               "target_hull", "rammer_mass", "target_crew", "target_disorder")
HEADINGS: dict[str, tuple[str, str]] = {
    "understood": ("Understood:", "Понято так:"), "assumptions": ("Assumptions:", "Допущения:"),
    "result": ("Result:", "Результат:"), "steps": ("How it was built:", "Как построено:"),
    "notes": ("Notes:", "Примечания:"), "sources": ("Sources:", "Источники:"), "pool": ("pool", "набор кубов"),
    "defence": ("defence", "защита"), "target": ("target", "цель"), "qualities": ("qualities", "свойства"),
    "band": ("range band", "дальность"), "none": ("none", "нет"), "damage": ("P(damage >= k):", "P(урон >= k):"),
    "total": ("P(total damage incl. criticals >= k):", "P(общий урон с критическими >= k):"),
    "assault": ("Assault results:", "Результаты абордажа:"), "successes": ("Successes:", "Успехи:"),
    "ruleset": ("ruleset: {ruleset} ({title}) · {action} · {mode}", "правила: {ruleset} ({title}) · {action} · {mode}"),
    "mode.odds": ("odds mode", "шансы"), "mode.rolled": ("rolled dice", "выпавшие кубы"),
    "p.critical": ("critical", "критическое"), "p.catastrophic": ("catastrophic", "катастрофический взрыв"),
    "p.crippled": ("crippled", "повреждена"), "p.destroyed": ("destroyed", "уничтожена"),
    "p.citadel_destroyed": ("destroyed through the Citadel", "уничтожена через Цитадель"),
    "p.rammer_destroyed": ("rammer destroyed", "таранящий уничтожен"), "p.crew_pass": ("crew check passed",
                                                                                        "проверка экипажа пройдена"),
    "p.disorder": ("disorder", "дезорганизация"),
}
declare({f"cli.{key}": texts for key, texts in HEADINGS.items()})
declare({"cli.unit_note": ("note: {note}", "примечание: {note}"),  # the named units' notes under the answer
         "cli.overridden": (" (overridden by {value})", " (заменено на {value})")})


class _Headings:
    """The CLI's headings in one language, read as `h["result"]`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return text(f"cli.{key}", self.lang)


def _bar(p: float) -> str:
    full = round(p * BAR_WIDTH)
    return "█" * full + "·" * (BAR_WIDTH - full)


def _table(title: str, at_least: dict[str, float], limit: int = 12) -> list[str]:
    rows = [(int(k), v) for k, v in at_least.items() if v >= 0.0005][:limit]
    if not rows:
        return []
    lines = [title]
    for k, v in rows:
        lines.append(f"  >= {k:>2}  {100 * v:6.2f}%  {_bar(v)}")
    return lines


# keys shown on their own lines above (or only as part of them), never again under "also"
SHOWN_KEYS = frozenset({"ruleset", "dice", "attack_pool", "pool_steps", "defence", "defence_pool", "defence_steps",
                        "qualities", "band", *TARGET_KEYS})


def _understood(result: dict[str, Any], h: _Headings) -> list[str]:
    """Every key of `inputs`: the pool, defence, target, qualities and band on their own lines, then the rest
    (the newer actions' inputs, e.g. SRS tokens or a collision's Masses) one per line, in the order given;
    names and values in the answer's language (referee.labels)."""
    inputs = result.get("inputs") or {}
    lang = h.lang
    mode = h[f"mode.{result.get('mode')}"] if result.get("mode") in ("odds", "rolled") else str(result.get("mode"))
    lines = [h["understood"], "  " + text("cli.ruleset", lang, ruleset=result.get("ruleset"),
                                          title=result.get("ruleset_title", ""), action=result.get("action"),
                                          mode=mode)]
    pool = inputs.get("dice", inputs.get("attack_pool", result.get("pool", result.get("attack_pool"))))
    if pool is not None:
        built = " ".join(inputs.get("pool_steps") or [])
        lines.append(f"  {h['pool']}: {pool}" + (f"  ({built})" if built else ""))
    defence = inputs.get("defence", inputs.get("defence_pool"))
    if defence is not None:
        built = " ".join(inputs.get("defence_steps") or [])
        lines.append(f"  {h['defence']}: {defence}" + (f"  ({built})" if built else ""))
    target = [f"{input_label(k, lang)} {shown_value(inputs[k], lang)}" for k in TARGET_KEYS if k in inputs]
    if target:
        lines.append(f"  {h['target']}: " + ", ".join(target))
    if "qualities" in inputs:
        lines.append(f"  {h['qualities']}: " + (shown_value(inputs["qualities"], lang) if inputs["qualities"]
                                                 else h["none"]))
    if "band" in inputs:
        lines.append(f"  {h['band']}: {shown_value(inputs['band'], lang)}")
    lines += [f"  {input_label(k, lang)}: {shown_value(v, lang)}" for k, v in inputs.items()
              if k not in SHOWN_KEYS and v is not None]
    return lines


def _odds(result: dict[str, Any], h: _Headings) -> list[str]:
    lines: list[str] = []
    if "p_damage_at_least" in result:
        lines += _table(h["damage"], result["p_damage_at_least"])
    if result.get("p_total_damage_at_least") and result.get("p_total_damage") != result.get("p_damage"):
        lines += _table(h["total"], result["p_total_damage_at_least"])
    for key in ("p_critical", "p_catastrophic", "p_crippled", "p_destroyed", "p_citadel_destroyed",
                "p_rammer_destroyed", "p_crew_pass", "p_disorder"):
        if result.get(key) is not None:
            lines.append(f"  {h['p.' + key[2:]]}: {100 * result[key]:.2f}%")
    if "p_result" in result:
        lines.append(h["assault"])
        for k, v in result["p_result"].items():
            lines.append(f"  {k.replace('_', ' '):<20} {100 * v:6.2f}%  {_bar(v)}")
    if "p_successes" in result:
        lines.append(h["successes"])
        for k, v in result["p_successes"].items():
            if v >= 0.0005:
                lines.append(f"  {k:>3}  {100 * v:6.2f}%  {_bar(v)}")
    return lines


def _steps(steps: list[dict[str, Any]]) -> list[str]:
    lines = []
    for step in steps:
        cite = step.get("citation", {})
        where = cite.get("section", "")
        lines.append(f"  - {step.get('label') or step['step']}: {step['detail']}  "
                     f"[{cite.get('document_title', cite.get('edition'))}"
                     f" § {where}]")
    return lines


def _ignored_note(result: dict[str, Any]) -> str | None:
    """The referee's note listing the description's words it did not understand, if any."""
    if not result.get("ignored"):
        return None
    return next((n for n in result.get("notes", []) if n.startswith(("ignored: ", "не понято и пропущено: "))), None)


def render(result: dict[str, Any], style: str = "cli") -> str:
    h = _Headings(result.get("lang", "en"))
    warnings = [n for n in result.get("notes", []) if result.get("verdict", "").startswith(n)]
    lines: list[str] = [f"! {w}" for w in warnings]
    lines += _understood(result, h)
    ignored = _ignored_note(result)
    if ignored:  # a misread must be visible at the table: next to what was understood, not at the end
        lines.append(f"  {ignored}")
    if result.get("assumptions"):
        lines.append(h["assumptions"])
        lines += [f"  * {a}" for a in result["assumptions"]]
    verdict = result.get("verdict", "")
    for w in warnings:
        verdict = verdict[len(w):].lstrip() if verdict.startswith(w) else verdict
    lines.append(f"{h['result']} {verdict}")
    if result.get("mode") == "odds":
        lines += _odds(result, h)
        if result.get("steps"):
            lines.append(h["steps"])
            lines += _steps(result["steps"])
    else:
        lines += _steps(result.get("trace", []))
    notes = [n for n in result.get("notes", []) if n not in warnings and n != ignored]
    if notes:
        lines.append(h["notes"])
        lines += [f"  - {n}" for n in notes]
    by_title: dict[str, list[str]] = {}
    for c in result.get("citations", []):
        by_title.setdefault(c.get("document_title", c["document"]), []).append(c["section"])
    if by_title:
        lines.append(h["sources"])
        lines += [f"  {title} § " + "; ".join(sections) for title, sections in by_title.items()]
    return show_params("\n".join(lines), style)
