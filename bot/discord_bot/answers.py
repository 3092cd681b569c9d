"""Replies for the search and unit commands: embeds plus the buttons and menus that go with them.

Kept apart from embeds.py (pure formatting) because the components live in views.py, which
itself formats replies when a button is clicked.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.discord_bot import embeds, views
from bot.discord_bot.i18n import t
from bot.discord_bot.messages import Reply


def ask_reply(answer: Mapping[str, Any], lang: str = "en") -> Reply:
    """/ask: the answer embeds; Helpful/Not helpful and Other editions under an answer, the
    suggested rules as buttons under "not in the rules"."""
    shown = embeds.ask_embeds(answer, lang=lang)
    results = answer.get("results") or []
    items: list[Any] = []
    if answer.get("status") == "not_found" or not results:
        items += views.suggestion_items([str(s) for s in answer.get("suggestions") or []])
    else:
        top = results[0]
        chunk_ids = [str(r.get("chunk_id")) for r in results[: embeds.MAX_ASK_RESULTS] if r.get("chunk_id")]
        items += [views.FeedbackButton(True, chunk_ids, lang), views.FeedbackButton(False, chunk_ids, lang)]
        other = views.other_editions_item(embeds.rule_name(top.get("section")), str(top.get("edition") or ""), lang)
        if other is not None:
            items.append(other)
    return Reply(shown, items=items, lang=lang, question=str(answer.get("question") or "") or None)


def rule_reply(lookup: Mapping[str, Any], lang: str = "en") -> Reply:
    """/rule: every edition's entry; an ambiguous or misspelt name gets a menu of the candidates."""
    candidates = [str(c) for c in lookup.get("candidates") or [] if c]
    items: list[Any] = []
    if lookup.get("status") != "found" and candidates:
        items.append(views.Picker("rule", candidates, lang))
    return Reply(embeds.rule_embeds(lookup, lang), items=items, lang=lang,
                 publishable=lookup.get("status") == "found")


def unit_reply(result: Mapping[str, Any], lang: str = "en") -> Reply:
    """/unit: the card(s), or the candidates in a menu when the name is ambiguous or unknown."""
    query = embeds.safe(result.get("query", ""))
    candidates = [str(c) for c in result.get("candidates") or [] if c]
    units = [u for u in result.get("units") or [] if isinstance(u, Mapping)]
    if result.get("status") == "found" and units:
        shown = [e for unit in units[:3] for e in embeds.unit_embeds(unit, lang)]
        return Reply(shown, lang=lang)
    if result.get("status") == "ambiguous":
        title, lead, colour = t("unit_ambiguous", lang, query=query), t("pick_one", lang), embeds.WARNING_COLOUR
    else:
        title = t("unit_not_found", lang, query=query)
        lead = t("did_you_mean", lang) if candidates else t("check_spelling", lang)
        colour = embeds.MUTED_COLOUR
    items: list[Any] = [views.Picker("unit", candidates, lang)] if candidates else []
    return Reply([embeds.candidates_embed(title, lead, candidates, colour)], items=items, lang=lang,
                 publishable=False)
