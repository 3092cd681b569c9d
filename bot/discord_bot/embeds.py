"""Turn the service's JSON answers into Discord embeds that always fit Discord's limits.

A passage longer than an embed shows the part that matched first (where the answer line sits),
with a pointer to the rest; the answer line's words are bold inside the passage. User text
echoed back is escaped so it cannot format or mention anything. Every fixed string comes from
`i18n.t`, so the same embeds exist in English and Russian. Missing keys are tolerated: the
search contract is still growing.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.discord_bot import limits
from bot.discord_bot.i18n import t

ANSWER_COLOUR = discord.Colour.blurple()
WARNING_COLOUR = discord.Colour.orange()
ERROR_COLOUR = discord.Colour.red()
MUTED_COLOUR = discord.Colour.light_grey()

TOP_PASSAGE_EMBEDS = 2  # the best answer may continue in a second embed
OTHER_PASSAGE_CHARS = 900
RULE_ENTRY_EMBEDS = 2
MAX_ASK_RESULTS = 3
QUOTE_CHARS = 320  # the answer line is at most 320 characters (index.answer_segments.QUOTE_MAX_CHARS)
QUESTION_PREFIX = "❓ "  # the author line of an /ask answer; the feedback buttons read the question back
PART_SUFFIX = " (part "


def safe(text: Any) -> str:
    """Escape user-typed text so it renders literally and mentions nothing."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(str(text)))


def rule_name(section: Any) -> str:
    """"Movement › Ram (part 2/2)" -> "Ram": the name `/rule` knows a section by."""
    name = str(section or "").split(" › ")[-1]
    return name.split(PART_SUFFIX)[0].strip()


def edition_text(item: Mapping[str, Any], lang: str = "en") -> str:
    edition = str(item.get("edition") or t("edition_not_stated", lang))
    return f"{item['edition_label']} [{edition}]" if item.get("edition_label") else edition


def citation(item: Mapping[str, Any], lang: str = "en") -> str:
    """'Document title — edition — section' for an index result, answer or rule entry."""
    parts = [str(item.get("document_title") or item.get("document") or "?"), edition_text(item, lang)]
    if item.get("section"):
        parts.append(f"§ {item['section']}")
    return " — ".join(parts)


def more_pointer(item: Mapping[str, Any], lang: str = "en") -> str:
    """Trailer for a trimmed passage: where to read the rest."""
    section = item.get("section") or "§"
    doc = item.get("document_title") or item.get("document") or "?"
    return f"{limits.ELLIPSIS}\n*{t('more_pointer', lang, section=section, doc=doc)}*"


def _highlight(item: Mapping[str, Any]) -> tuple[int, int] | None:
    span = item.get("highlight")
    if not isinstance(span, Mapping):
        return None
    try:
        start, end = int(span["start"]), int(span["end"])
    except (KeyError, TypeError, ValueError):
        return None
    text = str(item.get("text") or "")
    return (start, end) if 0 <= start < end <= len(text) else None


def _pieces(text: str, cap: int) -> list[tuple[int, str]]:
    """`split_text` pieces with their offsets in `text`, so a highlight can be placed in them."""
    out, pos = [], 0
    for piece in limits.split_text(text, cap):
        at = text.find(piece, pos)
        at = pos if at < 0 else at
        out.append((at, piece))
        pos = at + len(piece)
    return out


def _bold(piece: str, offset: int, span: tuple[int, int] | None, cap: int) -> str:
    """`piece` with the part of `span` it contains in bold (when the bold markers still fit)."""
    if span is None:
        return piece
    start, end = max(span[0] - offset, 0), min(span[1] - offset, len(piece))
    if start >= end or len(piece) + 4 > cap:
        return piece
    inner = piece[start:end]
    stripped = inner.strip()
    if not stripped or "**" in inner:
        return piece
    lead = inner[: len(inner) - len(inner.lstrip())]
    tail = inner[len(inner.rstrip()):]
    return f"{piece[:start]}{lead}**{stripped}**{tail}{piece[end:]}"


def _first_piece_index(item: Mapping[str, Any], pieces: list[tuple[int, str]], span: tuple[int, int] | None) -> int:
    """The piece to show first: the one holding the answer line, else the matched part's share."""
    if span is not None:
        for i, (offset, piece) in enumerate(pieces):
            if offset <= span[0] < offset + len(piece):
                return i
    try:
        parts, matched = int(item.get("parts") or 1), int(item.get("matched_part") or 1)
    except (TypeError, ValueError):
        return 0
    if parts <= 1 or not 1 <= matched <= parts:
        return 0
    text_len = sum(len(p) for _, p in pieces) or 1
    target = (matched - 1) / parts * text_len
    for i, (offset, _) in reversed(list(enumerate(pieces))):
        if offset <= target:
            return i
    return 0


def passage_embeds(
    item: Mapping[str, Any], title: str, cap: int, colour: discord.Colour, max_embeds: int = 1,
    lang: str = "en",
) -> list[discord.Embed]:
    """One passage as up to `max_embeds` embeds of at most `cap` characters each, starting with
    the part that holds the answer line (bold); what is left out is replaced by a pointer."""
    raw = str(item.get("text") or "")
    text = raw.strip() or "…"
    cap = min(cap, limits.DESCRIPTION)
    span = _highlight(item)
    if span is not None:  # the highlight counts from the unstripped text
        lead = len(raw) - len(raw.lstrip())
        span = (span[0] - lead, span[1] - lead) if span[0] >= lead else None
    pointer = more_pointer(item, lang)
    pieces = _pieces(text, cap - len(pointer) - 5)  # room for the pointer and the bold markers
    first = _first_piece_index(item, pieces, span)
    shown = pieces[first: first + max_embeds]
    cut = len(shown) < len(pieces)
    embeds = []
    for i, (offset, piece) in enumerate(shown):
        body = _bold(piece, offset, span, cap)
        if cut and i == len(shown) - 1:
            body += pointer
        if first > 0 and i == 0:
            body = f"{limits.ELLIPSIS} {body}"
        piece_title = title if i == 0 else t("continued", lang, title=title, i=i + 1, n=len(shown))
        embed = discord.Embed(title=limits.trim(piece_title, limits.TITLE),
                              description=limits.trim(body, limits.DESCRIPTION), colour=colour)
        embed.set_footer(text=limits.trim(citation(item, lang), limits.FOOTER))
        embeds.append(embed)
    if first > 0 and embeds:
        note = t("matched_part", lang, part=first + 1, parts=len(pieces), term=rule_name(item.get("section")))
        embeds[0].add_field(name="↪", value=limits.trim(note, limits.FIELD_VALUE), inline=False)
    return embeds


def _terms_field(item: Mapping[str, Any]) -> str:
    """"таран — Ram · абордаж — Boarding" for a Russian passage shown to an English reader."""
    pairs = []
    for pair in item.get("terms_en") or []:
        if isinstance(pair, Mapping) and pair.get("term") and pair.get("en"):
            pairs.append(f"{pair['term']} — {pair['en']}")
    return " · ".join(dict.fromkeys(pairs))


def quote_text(answer: Mapping[str, Any]) -> str:
    quote = " ".join(str(answer.get("quote") or "").split())[:QUOTE_CHARS]
    return "\n".join(f"> {line}" for line in quote.splitlines() or [quote])


def answer_embed(answer: Mapping[str, Any], lang: str = "en") -> discord.Embed:
    """The answer line, quoted and cited, and one line per other edition when there are several."""
    answers = [a for a in answer.get("answers") or [] if isinstance(a, Mapping) and a.get("quote")]
    first = answer.get("answer") if isinstance(answer.get("answer"), Mapping) else (answers[0] if answers else None)
    embed = discord.Embed(title=t("answer", lang), colour=ANSWER_COLOUR)
    if first:
        embed.description = limits.trim(f"{quote_text(first)}\n— {citation(first, lang)}", limits.DESCRIPTION)
    others = [a for a in answers if first is None or a.get("chunk_id") != first.get("chunk_id")]
    for other in others[:5]:
        embed.add_field(name=limits.trim(edition_text(other, lang), limits.FIELD_NAME),
                        value=limits.trim(f"{quote_text(other)}\n— § {other.get('section') or '?'}",
                                          limits.FIELD_VALUE), inline=False)
    note = answer.get("editions_disagree")
    if note:
        embed.add_field(name=t("editions_disagree", lang), value=limits.trim(str(note), limits.FIELD_VALUE),
                        inline=False)
    return embed


def not_found_embed(answer: Mapping[str, Any], lang: str = "en") -> discord.Embed:
    question = safe(answer.get("question", ""))
    body = t("not_in_rules", lang, question=question)
    suggestions = [str(s) for s in answer.get("suggestions") or [] if s]
    body += "\n\n" + (t("closest_rules", lang) + "\n" + "\n".join(f"• {safe(s)}" for s in suggestions[:10])
                      if suggestions else t("try_other_words", lang))
    return discord.Embed(title=t("not_in_rules_title", lang), description=limits.trim(body, limits.DESCRIPTION),
                         colour=MUTED_COLOUR)


def ask_embeds(answer: Mapping[str, Any], max_results: int = MAX_ASK_RESULTS, lang: str = "en") -> list[discord.Embed]:
    """Embeds for `/ask`: the answer line first, then the whole rule (the matched part first,
    the quoted words bold), the next rules shorter, each cited; or "not in the rules"."""
    results: Sequence[Mapping[str, Any]] = answer.get("results") or []
    if answer.get("status") == "not_found" or not results:
        embeds = [not_found_embed(answer, lang)]
    else:
        embeds = []
        has_answer = bool(answer.get("answer") or answer.get("answers"))
        if has_answer:
            embeds.append(answer_embed(answer, lang))
        for i, item in enumerate(results[:max_results]):
            heading = str(item.get("section") or item.get("document_title") or "§")
            if i == 0:
                shown = passage_embeds(item, heading, limits.DESCRIPTION, ANSWER_COLOUR, TOP_PASSAGE_EMBEDS, lang)
            else:
                shown = passage_embeds(item, t("also_relevant", lang, heading=heading), OTHER_PASSAGE_CHARS,
                                       MUTED_COLOUR, 1, lang)
            if lang == "en" and item.get("language") == "ru" and (terms := _terms_field(item)):
                shown[-1].add_field(name=t("english_terms", lang), value=limits.trim(terms, limits.FIELD_VALUE),
                                    inline=False)
            embeds.extend(shown)
        if not has_answer and answer.get("editions_disagree"):
            embeds[0].add_field(name=t("editions_disagree", lang),
                                value=limits.trim(str(answer["editions_disagree"]), limits.FIELD_VALUE), inline=False)
    if answer.get("read_as"):  # the question was mostly a misspelt rule name: say which rule it was read as
        embeds[0].add_field(name="\u200b", value=limits.trim(t("read_as", lang, name=safe(str(answer["read_as"]))),
                                                             limits.FIELD_VALUE), inline=False)
    embeds[0].set_author(name=limits.trim(f"{QUESTION_PREFIX}{answer.get('question', '')}", limits.AUTHOR))
    return embeds


def rule_embeds(lookup: Mapping[str, Any], lang: str = "en") -> list[discord.Embed]:
    """Embeds for `/rule`: every edition's entry, labelled, or the candidates to choose from."""
    query = safe(lookup.get("query", ""))
    status = lookup.get("status")
    candidates = [str(c) for c in lookup.get("candidates") or []]
    if status == "found" and lookup.get("entries"):
        embeds = []
        for entry in lookup["entries"]:
            edition = entry.get("edition_label") or entry.get("edition") or t("edition_not_stated", lang)
            label = f"{entry.get('term') or lookup.get('query')} — {edition}"
            embeds.extend(passage_embeds(entry, label, limits.DESCRIPTION, ANSWER_COLOUR, RULE_ENTRY_EMBEDS, lang))
        return embeds
    if status == "ambiguous":
        title, lead, colour = t("rule_ambiguous", lang, query=query), t("pick_one", lang), WARNING_COLOUR
    else:
        title = t("no_rule_named", lang, query=query)
        lead = t("did_you_mean", lang) if candidates else t("check_spelling", lang)
        colour = MUTED_COLOUR
    return [candidates_embed(title, lead, candidates, colour)]


def candidates_embed(title: str, lead: str, candidates: Sequence[str], colour: discord.Colour) -> discord.Embed:
    body = lead
    if candidates:
        body += "\n" + "\n".join(f"• {safe(c)}" for c in candidates[: limits.CHOICES])
    return discord.Embed(title=limits.trim(title, limits.TITLE), description=limits.trim(body, limits.DESCRIPTION),
                         colour=colour)


# -- units (issue 10) ---------------------------------------------------------------------------
STAT_KEYS = ("mass", "speed", "turn", "armour", "citadel", "hull", "fray", "adv", "sdv")
STAT_KEYS_DW4 = ("mass", "speed", "turn", "defence", "armour", "hull", "actions", "broadside", "repair", "crew",
                 "models")
BANDS = (("point_blank", "PB"), ("closing", "C"), ("long", "L"))
BANDS_DW4 = (("close", "Cl"), ("standard", "Std"), ("extreme", "Ext"))


def _value(v: Any) -> str:
    return "?" if v is None else str(v)


def _pair(stats: Mapping[str, Any], key: str) -> str:
    ready = stats.get("battle_ready") or {}
    crippled = stats.get("crippled") or {}
    a, b = _value(ready.get(key)), _value(crippled.get(key))
    return a if a == b else f"{a}/{b}"


def _band(band: Any) -> str:
    if not isinstance(band, Mapping):
        return "–"

    def side(d: Any) -> str:
        if not isinstance(d, Mapping) or (d.get("lead") is None and d.get("support") is None):
            return "–"
        return f"{_value(d.get('lead'))}({_value(d.get('support'))})"

    return f"{side(band.get('battle_ready'))} / {side(band.get('crippled'))}"


def unit_embeds(unit: Mapping[str, Any], lang: str = "en") -> list[discord.Embed]:
    """One unit card: stats Battle-Ready/Crippled, weapons with arcs, bands and qualities, rules, source."""
    title = str(unit.get("name") or "?")
    dw4 = unit.get("edition") == "dw4"
    if unit.get("faction"):
        title += f" — {unit['faction']}"
    if unit.get("edition_label"):
        title += f" ({unit['edition_label']})"
    stats = unit.get("stats") or {}
    stat_line = "  ".join(f"{key.upper()} {_pair(stats, key)}" for key in (STAT_KEYS_DW4 if dw4 else STAT_KEYS))
    embed = discord.Embed(title=limits.trim(title, limits.TITLE), colour=ANSWER_COLOUR)
    embed.add_field(name=t("unit_stats", lang), value=limits.trim(f"`{stat_line}`", limits.FIELD_VALUE), inline=False)
    lines = []
    for weapon in unit.get("weapons") or []:
        if not isinstance(weapon, Mapping):
            continue
        bands = weapon.get("bands") or {}
        ranges = " · ".join(f"{short} {_band(bands.get(key))}" for key, short in (BANDS_DW4 if dw4 else BANDS))
        qualities = ", ".join(str(q) for q in weapon.get("qualities") or [])
        arc = f" [{weapon['arc']}]" if weapon.get("arc") else ""
        lines.append(f"**{weapon.get('name') or '?'}**{arc}: {ranges}" + (f" — *{qualities}*" if qualities else ""))
    if lines:
        for i, chunk in enumerate(limits.split_text("\n".join(lines), limits.FIELD_VALUE)[:3]):
            embed.add_field(name=t("unit_weapons", lang) if i == 0 else "…", value=chunk, inline=False)
    rules = []
    for rule in unit.get("rules") or []:
        if isinstance(rule, Mapping) and rule.get("name"):
            text = " ".join(str(rule.get("text") or "").split())
            rules.append(f"**{rule['name']}**" + (f": {limits.trim(text, 200)}" if text else ""))
    if rules:
        embed.add_field(name=t("unit_rules", lang), value=limits.trim("\n".join(rules), limits.FIELD_VALUE),
                        inline=False)
    footer = t("unit_source", lang, source=unit.get("source") or "?", version=unit.get("version") or "?")
    if "?" in stat_line or any("?" in line for line in lines):
        footer += " · " + t("unknown_value", lang)
    embed.set_footer(text=limits.trim(footer, limits.FOOTER))
    return [embed]


# -- sources, notices ---------------------------------------------------------------------------
def _source_lines(doc: Mapping[str, Any], lang: str = "en") -> list[str]:
    lines = []
    if doc.get("game"):
        lines.append(f"**{t('src_game', lang)}:** {doc['game']}")
    if doc.get("edition"):
        label, edition = doc.get("edition_label"), f"`{doc['edition']}`"
        lines.append(f"**{t('src_edition', lang)}:** " + (f"{label} ({edition})" if label else edition))
    for key, name in (("version", "src_version"), ("language", "src_language")):
        if doc.get(key):
            lines.append(f"**{t(name, lang)}:** {doc[key]}")
    return lines


def sources_embeds(documents: Iterable[Mapping[str, Any]], lang: str = "en") -> list[discord.Embed]:
    """Embeds for `/sources`: one field per document (25 per embed), by title."""
    docs = list(documents)
    if not docs:
        return [discord.Embed(title=t("sources", lang), description=t("no_documents", lang), colour=MUTED_COLOUR)]
    embeds = []
    for start in range(0, len(docs), limits.FIELDS):
        first = start == 0
        embed = discord.Embed(
            title=t("sources", lang) if first else t("sources_continued", lang),
            description=t("sources_lead", lang, n=len(docs)) if first else None,
            colour=ANSWER_COLOUR,
        )
        for doc in docs[start : start + limits.FIELDS]:
            name = str(doc.get("title") or doc.get("id") or "?")
            embed.add_field(
                name=limits.trim(name, limits.FIELD_NAME),
                value=limits.trim("\n".join(_source_lines(doc, lang)) or "—", limits.FIELD_VALUE),
                inline=False,
            )
        embeds.append(embed)
    return embeds


def message_embed(text: str, *, error: bool = False) -> discord.Embed:
    """A one-paragraph notice (errors, rate limits, confirmations)."""
    return discord.Embed(
        description=limits.trim(text, limits.DESCRIPTION),
        colour=ERROR_COLOUR if error else MUTED_COLOUR,
    )


# -- fleets (issue 17) -----------------------------------------------------------------------------
def fleet_imported_embed(fleet: Mapping[str, Any], lang: str = "en") -> discord.Embed:
    """/fleet import: the fleet now current for this server, its ships and points."""
    ships = fleet.get("ships") or []
    lines = [f"{s.get('name')}" + (f" ×{s['models']}" if (s.get("models") or 1) > 1 else "")
             + (f" · {s['points']}" if s.get("points") is not None else "") for s in ships]
    body = t("fleet_imported", lang, name=fleet.get("name") or "?", count=len(ships),
             points=fleet.get("points") if fleet.get("points") is not None else "?")
    return discord.Embed(title=limits.trim(safe(str(fleet.get("name") or "?")), limits.TITLE),
                         description=limits.trim(body + "\n" + "\n".join(safe(line) for line in lines),
                                                 limits.DESCRIPTION), colour=ANSWER_COLOUR)


def fleet_vs_embeds(table: Mapping[str, Any], lang: str = "en") -> list[discord.Embed]:
    """/fleet: one line per ship × weapon × band with the exact odds, then the sources."""
    title = t("fleet_vs_title", lang, fleet=table.get("fleet") or "?", target=table.get("target") or "?")
    lines = []
    for row in table.get("rows") or []:
        head = f"{row.get('ship')} · {row.get('weapon')} ×{row.get('mounts')} · {row.get('band')}"
        if row.get("cannot"):
            lines.append(f"{head}: {t('fleet_cannot', lang)} ({row['cannot']})")
        else:
            lines.append(f"{head}: {row.get('dice')} · {row.get('expected_damage', 0):.2f} · "
                         f"{100 * (row.get('p_damage') or 0):.1f}%")
    body = t("fleet_vs_header", lang) + "\n" + "\n".join(safe(line) for line in lines)
    embed = discord.Embed(title=limits.trim(title, limits.TITLE), description=limits.trim(body, limits.DESCRIPTION),
                          colour=ANSWER_COLOUR)
    sources = "; ".join(f"{c.get('document_title')} § {c.get('section')}" for c in (table.get("citations") or [])[:4])
    footer = f"{table.get('ruleset_title') or table.get('ruleset') or ''}" + (f" — {sources}" if sources else "")
    if footer:
        embed.set_footer(text=limits.trim(footer, limits.FOOTER))
    return [embed]
