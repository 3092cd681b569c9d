"""Terminal rendering of referee results: verdict first, then P(damage >= k) with a bar chart."""
from __future__ import annotations

from typing import Any

BAR_WIDTH = 30


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


def render(result: dict[str, Any]) -> str:
    lines = [result.get("verdict", "")]
    lines.append(f"[{result.get('ruleset')} · {result.get('action')} · {result.get('mode')} mode]")
    if result.get("mode") == "odds":
        if "p_damage_at_least" in result:
            lines += _table("P(damage >= k):", result["p_damage_at_least"])
        if result.get("p_total_damage_at_least") and result.get("p_total_damage") != result.get("p_damage"):
            lines += _table("P(total damage incl. criticals >= k):", result["p_total_damage_at_least"])
        for key in ("p_critical", "p_catastrophic", "p_crippled", "p_destroyed", "p_rammer_destroyed",
                    "p_crew_pass", "p_disorder"):
            if result.get(key) is not None:
                lines.append(f"  {key[2:].replace('_', ' ')}: {100 * result[key]:.2f}%")
        if "p_result" in result:
            lines.append("Assault results:")
            for k, v in result["p_result"].items():
                lines.append(f"  {k.replace('_', ' '):<20} {100 * v:6.2f}%  {_bar(v)}")
        if "p_successes" in result:
            lines.append("Successes:")
            for k, v in result["p_successes"].items():
                if v >= 0.0005:
                    lines.append(f"  {k:>3}  {100 * v:6.2f}%  {_bar(v)}")
    else:
        for step in result.get("trace", []):
            cite = step.get("citation", {})
            lines.append(f"  - {step['step']}: {step['detail']}  [{cite.get('edition')}: {cite.get('section')}]")
    if result.get("assumptions"):
        lines.append("Assumptions:")
        lines += [f"  * {a}" for a in result["assumptions"]]
    if result.get("notes"):
        lines += [f"  note: {n}" for n in result["notes"]]
    sources = "; ".join(f"{c['document']} § {c['section']}" for c in result.get("citations", []))
    if sources:
        lines.append(f"Sources: {sources}")
    return "\n".join(lines)
