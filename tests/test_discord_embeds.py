"""Formatting of answers into embeds: Discord's limits, citations, escaping (no network)."""
from __future__ import annotations

import discord
import pytest

from bot.discord_bot import answers, embeds, limits, views
from bot.discord_bot.i18n import STRINGS
from corpus import CORPUS_DIR
from tests.discord_fakes import DiscordWouldReject, check_message, discord_embed_chars

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
    assert top.author.name.startswith("❓ @everyone")
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
    from bot.discord_bot.messages import MAX_MESSAGES, Reply

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
    assert "more parts of this answer were left out" in messages[-1].embeds[-1].description  # a plural, not "(s)"


# -- issue 9's answer contract --------------------------------------------------------------------
RAMMING_START = QRS.index("RAMMING\nAny model may choose")
RAMMING = QRS[RAMMING_START: QRS.index("Roll the action dice in the same way as an attack.") + 50]
# The QRS sentence that answers "how many dice does a ram get" (read off corpus/dw3-quick-reference.txt).
RAM_QUOTE = "The moving model always receives a ramming action dice pool \nequal to its unmodified HULL."


def _ram_hit(text: str = RAMMING, **extra) -> dict:
    start = text.index(RAM_QUOTE)
    return {"rank": 1, "chunk_id": "dw3-quick-reference:0042.0", "document": "dw3-quick-reference.txt",
            "document_title": "Dystopian Wars Quick Reference", "game": "dystopian-wars",
            "edition": "dw3-quick-reference", "edition_label": "3rd edition (Quick Reference)", "language": "en",
            "section": "MOVEMENT › RAMMING", "text": text, "parts": 1, "matched_part": 1,
            "highlight": {"start": start, "end": start + len(RAM_QUOTE)}, "terms_en": [], **extra}


def _answered(hit: dict, **extra) -> dict:
    answer = {"quote": RAM_QUOTE, "chunk_id": hit["chunk_id"], "document": hit["document"],
              "document_title": hit["document_title"], "edition": hit["edition"],
              "edition_label": hit["edition_label"], "section": hit["section"]}
    return {"question": "how many dice does a ram get", "status": "answered", "answer": answer,
            "answers": [answer], "suggestions": [], "editions_disagree": None, "results": [hit], **extra}


def test_answer_line_comes_first_quoted_cited_and_bold_inside_the_passage():
    out = embeds.ask_embeds(_answered(_ram_hit()))
    first, passage = out[0], out[1]
    assert first.title == "Answer"
    # the quote, whitespace folded, as a Markdown quote, then its citation
    assert first.description.startswith("> The moving model always receives a ramming action dice pool equal to "
                                        "its unmodified HULL.")
    assert "Dystopian Wars Quick Reference — 3rd edition (Quick Reference) [dw3-quick-reference]" in first.description
    assert first.author.name == "❓ how many dice does a ram get"
    assert f"**{RAM_QUOTE}**" in passage.description  # the same words, bold, inside the whole rule
    assert passage.description.startswith("RAMMING")
    _all_messages_accepted(out)


def test_a_rule_longer_than_the_limit_opens_at_the_part_that_matched():
    filler = "\n\n".join(RULEBOOK[i:i + 900] for i in range(0, 14000, 900))  # 14k chars before the answer
    text = filler + "\n\n" + RAMMING
    hit = _ram_hit(text, parts=3, matched_part=3)
    out = embeds.ask_embeds(_answered(hit))
    passage = out[1]
    assert f"**{RAM_QUOTE}**" in passage.description
    assert passage.description.startswith("…")  # earlier parts are skipped, and said to be
    pointer = [f.value for f in passage.fields if f.name == "↪"]
    assert pointer and "the rest: `/rule RAMMING`" in pointer[0]
    assert RULEBOOK[:50] not in passage.description
    _all_messages_accepted(out)


def test_not_found_says_so_plainly_and_offers_the_suggestions_as_buttons():
    answer = {"question": "what is the capital of France", "status": "not_found", "answer": None, "answers": [],
              "suggestions": ["Ram", "Boarding Parties", "x" * 120], "editions_disagree": None,
              "results": [_ram_hit()]}
    reply = answers.ask_reply(answer)
    (embed,) = reply.embeds
    assert embed.title == "Not in the rules"
    assert "capital of France" in embed.description and "RAMMING" not in embed.description
    ids = [item.custom_id for item in reply.items]
    assert ids == ["adm:open:Ram", "adm:open:Boarding Parties"]  # a name too long for a custom_id is listed only
    assert all(isinstance(item, views.OpenRuleButton) for item in reply.items)


def test_answers_per_edition_and_the_disagreement_note():
    hit = _ram_hit()
    answer = _answered(hit, editions_disagree="dw3-qrs: max +6 bonus dice; dw4: at most 5 Bonus Dice")
    dw4 = {"quote": "This cannot add more than 5 Bonus Dice.", "chunk_id": "dw4-glossary:0100.0",
           "document": "dw4-rules-glossary.cat", "document_title": "Dystopian Wars Rules Glossary",
           "edition": "dw4-glossary", "edition_label": "4th edition (Rules Glossary)", "section": "Ram (part 1/2)"}
    answer["answers"].append(dw4)
    first = embeds.ask_embeds(answer)[0]
    names = [f.name for f in first.fields]
    assert names == ["4th edition (Rules Glossary) [dw4-glossary]", "⚠️ Editions disagree"]
    assert first.fields[0].value.startswith("> This cannot add more than 5 Bonus Dice.")
    assert "at most 5 Bonus Dice" in first.fields[1].value


def test_russian_passage_for_an_english_reader_lists_the_english_terms():
    ru = _result(RULEBOOK[:1500])
    ru["terms_en"] = [{"term": "таран", "en": "Ram"}, {"term": "абордаж", "en": "Boarding"}]
    answer = {"question": "ram", "status": "answered", "answer": None, "answers": [], "results": [ru]}
    (embed,) = embeds.ask_embeds(answer)
    terms = [f.value for f in embed.fields if f.name == "English terms in this passage"]
    assert terms == ["таран — Ram · абордаж — Boarding"]
    (russian,) = embeds.ask_embeds(answer, lang="ru")  # a Russian reader needs no glossary
    assert not russian.fields


def test_answer_reply_carries_feedback_and_other_editions_buttons_within_discord_limits():
    hit = _ram_hit()
    results = [hit] + [{**hit, "chunk_id": f"dw3-quick-reference:{n:04d}.12", "rank": n} for n in range(2, 4)]
    reply = answers.ask_reply(_answered(hit, results=results))
    ids = [item.custom_id for item in reply.items]
    assert ids[0].startswith("adm:fb:1:dw3-quick-reference:0042.0,") and ids[1].startswith("adm:fb:0:")
    assert ids[2] == "adm:ed:dw3-quick-reference:RAMMING"
    assert all(len(i) <= 100 for i in ids)
    # as many chunk ids as fit, best first, each whole
    kept = ids[0].removeprefix("adm:fb:1:").split(",")
    assert kept == [r["chunk_id"] for r in results][: len(kept)] and len(kept) >= 2


def test_every_fixed_string_exists_in_english_and_russian_with_the_same_placeholders():
    from core.messages import fields  # a plural's forms and its count included

    for key, texts in STRINGS.items():
        assert set(texts) == {"en", "ru"}, key
        assert fields(texts["en"]) == fields(texts["ru"]), key


def test_russian_embeds_use_russian_fixed_strings():
    out = embeds.ask_embeds(_answered(_ram_hit()), lang="ru")
    assert out[0].title == "Ответ"
    (not_found,) = embeds.rule_embeds({"query": "xyz", "status": "not_found", "candidates": []}, "ru")
    assert not_found.title == "Нет правила «xyz»"


# -- issue 10's unit card -----------------------------------------------------------------------
def _unit(name: str = "Borodino", armour=5) -> dict:
    stats = {"mass": 3, "speed": 5, "turn": 1, "armour": armour, "citadel": 9, "hull": 10, "fray": 6,
             "adv": None, "sdv": 2}
    band = {"battle_ready": {"lead": 10, "support": 5}, "crippled": {"lead": 6, "support": 3}}
    return {"name": name, "faction": "Russian Coalition", "source": "dw3-quick-reference.txt", "version": "3.0x",
            "stats": {"battle_ready": stats, "crippled": {**stats, "hull": 5}},
            "weapons": [{"name": "Heavy Gun Battery", "arc": "Fore", "qualities": ["Gunnery"],
                         "bands": {"point_blank": band, "closing": band, "long": None}}],
            "rules": [{"name": "Piercing", "text": "Hits count double.", "citation": "QR"}]}


def test_unit_card_shows_both_states_bands_unknowns_and_source():
    reply = answers.unit_reply({"query": "borodino", "status": "found", "candidates": [], "units": [_unit()]})
    (card,) = reply.embeds
    stats = card.fields[0].value
    assert "HULL 10/5" in stats and "ARMOUR 5" in stats and "ADV ?" in stats  # unknown, not guessed
    weapons = card.fields[1].value
    assert "**Heavy Gun Battery** [Fore]: PB 10(5) / 6(3) · C 10(5) / 6(3) · L –" in weapons  # no Long band
    assert "Gunnery" in weapons
    assert "dw3-quick-reference.txt" in card.footer.text and "3.0x" in card.footer.text
    assert "unknown" in card.footer.text


def test_ambiguous_unit_offers_a_picker():
    reply = answers.unit_reply({"query": "bor", "status": "ambiguous",
                                "candidates": ["Borodino", "Borodino Battleship"],
                                "units": []})
    (picker,) = reply.items
    assert isinstance(picker, views.Picker) and picker.custom_id == "adm:pick:unit"
    assert [o.value for o in picker.item.options] == ["Borodino", "Borodino Battleship"]
    assert reply.publishable is False


def test_a_question_read_as_a_rule_name_says_so_in_the_players_language(built_settings):
    """Issue 16: "when the relevance test refuses but a rule name matches strongly, answer with that rule
    (and say it was read as that name)" — in Discord too, without replacing the citation."""
    from bot.service import Admiralty

    answer = Admiralty(built_settings).ask("full rev lol")  # "rev" is no word the rules print
    assert answer["read_as"] == "Full Reverse"
    for lang, words in (("en", "Read as the rule name “Full Reverse”"),
                        ("ru", "Прочитано как название правила «Full Reverse»")):
        top = embeds.ask_embeds(answer, lang=lang)[0]
        assert any(words in field.value for field in top.fields)
    _all_messages_accepted(embeds.ask_embeds(answer))
