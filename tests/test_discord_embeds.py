"""Formatting of answers into embeds: Discord's limits, citations, escaping (no network)."""
from __future__ import annotations

import discord
import pytest

from bot.discord_bot import embeds, limits
from corpus import CORPUS_DIR
from tests.test_discord_fakes import check_message, discord_embed_chars, DiscordWouldReject

RULEBOOK = (CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
QRS = (CORPUS_DIR / "dw3-quick-reference.txt").read_text(encoding="utf-8")


def _result(text: str, rank: int = 1, section: str = "Абордаж") -> dict:
    return {
        "rank": rank, "score": 0.5, "chunk_id": f"c{rank}", "document": "dw3-rulebook-ru",
        "document_title": "Dystopian Wars 3.03 rulebook (RU)", "game": "dystopian-wars",
        "edition": "dw3-rulebook-ru", "language": "ru", "section": section, "text": text,
    }


def _all_messages_accepted(embed_list: list[discord.Embed]) -> list[list[discord.Embed]]:
    packed = limits.pack_embeds(embed_list)
    for group in packed:
        check_message(None, group, [])
    assert sum(len(g) for g in packed) == len(embed_list)
    return packed


def test_trim_keeps_limit_and_marks_cut():
    text = QRS[:5000]
    out = limits.trim(text, 1024, pointer=" (more)")
    assert len(out) <= 1024
    assert out.endswith(" (more)")
    assert text.startswith(out[: -len(" (more)")].rstrip())
    assert limits.trim("short", 10) == "short"


def test_split_text_covers_everything_within_limit():
    text = RULEBOOK[:20000]
    pieces = limits.split_text(text, 4096)
    assert len(pieces) >= 5
    assert all(0 < len(p) <= 4096 for p in pieces)
    # Nothing lost but whitespace at the cut points.
    assert "".join(pieces).replace(" ", "").replace("\n", "") == text.strip().replace(" ", "").replace("\n", "")


def test_split_text_hard_cuts_a_word_longer_than_the_limit():
    pieces = limits.split_text("x" * 5000, 1024)
    assert [len(p) for p in pieces] == [1024, 1024, 1024, 1024, 904]


def test_long_top_answer_is_split_then_trimmed_with_pointer():
    answer = {"question": "how does boarding work", "editions_disagree": None,
              "results": [_result(RULEBOOK[:30000]), _result(QRS[:3000], rank=2, section="ASSAULT")]}
    out = embeds.ask_embeds(answer)
    packed = _all_messages_accepted(out)
    top = [e for e in out if e.title and e.title.startswith("Абордаж")]
    assert len(top) == 2, "a passage longer than one embed continues in a second one"
    assert "continued 2/2" in top[1].title
    assert "(more: see Абордаж in Dystopian Wars 3.03 rulebook (RU))" in top[1].description
    second = [e for e in out if e.title and e.title.startswith("Also relevant")]
    assert len(second) == 1 and len(second[0].description) <= embeds.OTHER_PASSAGE_CHARS
    assert "(more: see ASSAULT" in second[0].description
    assert len(packed) >= 2  # 8000+ chars of passage cannot fit one 6000-char message
    for e in out:  # every embed carries its citation
        assert "dw3-rulebook-ru" in e.footer.text and "§" in e.footer.text


def test_editions_disagree_note_and_question_echo():
    answer = {"question": "@everyone what is **armour**", "editions_disagree": "dw3 says 2, dw4 says 3 " * 100,
              "results": [_result("Short passage.")]}
    out = embeds.ask_embeds(answer)
    top = out[0]
    assert top.author.name.startswith("Q: @everyone")
    notes = [f for f in top.fields if "Editions disagree" in f.name]
    assert len(notes) == 1 and len(notes[0].value) <= 1024
    _all_messages_accepted(out)


def test_no_results_message_escapes_the_question():
    out = embeds.ask_embeds({"question": "@everyone <@&123> **bold**", "results": [], "editions_disagree": None})
    assert len(out) == 1
    desc = out[0].description
    assert "@everyone" not in desc and "@\u200beveryone" in desc
    assert "\\*\\*bold\\*\\*" in desc


def test_rule_found_labels_each_edition():
    lookup = {"query": "ramming", "status": "found", "candidates": [], "entries": [
        {"term": "Ramming", "edition": "dw4-glossary", "document": "dw4-rules-glossary",
         "document_title": "DW4 Rules Glossary", "language": "en", "section": "Ramming",
         "text": "A model with the Ramming quality...", "chunk_id": "a"},
        {"term": "Таран", "edition": "dw3-rulebook-ru", "document": "dw3-rulebook-ru",
         "document_title": "DW3 rulebook (RU)", "language": "ru", "section": "Таран",
         "text": RULEBOOK[:9000], "chunk_id": "b"},
    ]}
    out = embeds.rule_embeds(lookup)
    assert out[0].title == "Ramming — dw4-glossary"
    assert out[1].title == "Таран — dw3-rulebook-ru"
    assert "DW3 rulebook (RU)" in out[1].footer.text
    assert all(len(e.description) <= 4096 for e in out)
    _all_messages_accepted(out)


@pytest.mark.parametrize("status,expected", [("ambiguous", "matches several rules"), ("not_found", "No rule named")])
def test_rule_ambiguous_and_not_found_list_candidates(status, expected):
    lookup = {"query": "arm@everyone", "status": status, "entries": [],
              "candidates": [f"Armour {i}" for i in range(40)]}
    (embed,) = embeds.rule_embeds(lookup)
    assert expected in embed.title
    assert "@everyone" not in embed.title
    assert embed.description.count("• ") == 25


def test_sources_from_the_real_manifest():
    from index.manifest import load_manifest

    docs = [d.to_json() for d in load_manifest()]
    out = embeds.sources_embeds(docs)
    text = "\n".join(f"{f.name}\n{f.value}" for e in out for f in e.fields)
    for doc in docs:
        assert doc["title"][:200] in text
        assert doc["version"] in text and doc["edition"] in text
    _all_messages_accepted(out)


def test_sources_over_25_documents_use_more_embeds():
    docs = [{"title": f"Doc {i}", "game": "g", "edition": "e", "version": "1", "language": "en"} for i in range(60)]
    out = embeds.sources_embeds(docs)
    assert [len(e.fields) for e in out] == [25, 25, 10]


def test_pack_refuses_an_oversized_embed():
    bad = discord.Embed(description="x" * 5000)
    with pytest.raises(ValueError):
        limits.pack_embeds([bad])


def test_pack_respects_ten_embeds_and_6000_chars():
    many = [discord.Embed(description="y" * 100) for _ in range(25)]
    assert [len(g) for g in limits.pack_embeds(many)] == [10, 10, 5]
    big = [discord.Embed(description="z" * 4000) for _ in range(3)]
    groups = limits.pack_embeds(big)
    assert [len(g) for g in groups] == [1, 1, 1]
    assert all(sum(discord_embed_chars(e) for e in g) <= 6000 for g in groups)


def test_fake_discord_rejects_what_discord_rejects():
    """The independent checker used by the other tests must itself catch violations."""
    with pytest.raises(DiscordWouldReject):
        check_message("x" * 2001, [], [])
    with pytest.raises(DiscordWouldReject):
        check_message(None, [discord.Embed(description="a" * 3500), discord.Embed(description="b" * 3500)], [])


def test_a_huge_reply_is_cut_to_a_few_messages_with_a_note():
    from bot.discord_bot.replies import MAX_MESSAGES, Reply

    entries = [
        {"term": f"Term {i}", "edition": "dw3-rulebook-ru", "document_title": "DW3 rulebook (RU)",
         "section": f"S{i}", "text": RULEBOOK[i * 5000:(i + 1) * 5000], "language": "ru"}
        for i in range(12)
    ]
    out = embeds.rule_embeds({"query": "x", "status": "found", "candidates": [], "entries": entries})
    messages = Reply(out).messages()
    assert len(messages) == MAX_MESSAGES
    for m in messages:
        check_message(m.content, m.embeds, m.files())
    assert "more part(s) of this answer were left out" in messages[-1].embeds[-1].description
