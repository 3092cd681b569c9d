"""A rule that points to another ("See Impeded Movement …", "См. «Масса» …"): the sentences are read
from the documents themselves, and an answer line may come from the rule pointed to (index.pointers)."""
from __future__ import annotations

import pytest

from corpus import CORPUS_DIR
from index.pointers import pointers, resolve


def _line_with(document: str, words: str) -> str:
    text = (CORPUS_DIR / document).read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if words in line)


def test_english_pointer_names_the_rule_and_bounds_its_sentence() -> None:
    # dw4 glossary, Treacherous Water: "See Impeded Movement for more rules regarding Treacherous Water."
    line = _line_with("dw4-rules-glossary.cat", "See Impeded Movement").removesuffix("</description>")
    found = pointers(line)
    assert [p.name for p in found] == ["Impeded Movement"]
    assert line[found[0].start:found[0].end] == "See Impeded Movement for more rules regarding Treacherous Water."


def test_russian_pointer_after_a_rule_sentence_is_its_own_sentence() -> None:
    # 3.03 book, ИГРОВОЕ ПОЛЕ: "… суммарной Массой не менее 7. См. «Масса» (стр.7)."
    line = _line_with("dw3-rulebook-ru.md", "См. «Масса» (стр.7)")
    (found,) = pointers(line)
    assert found.name == "Масса"
    assert line[found.start:found.end] == "См. «Масса» (стр.7)."


def test_one_sentence_naming_two_rules_gives_two_pointers() -> None:
    # «Полный назад!»: "См. «Дрейф» (стр. 18), «Уровень дезорганизации» (стр. 28)."
    line = _line_with("dw3-rulebook-ru.md", "См. «Дрейф» (стр. 18)")
    assert [p.name for p in pointers(line)] == ["Дрейф", "Уровень дезорганизации"]


def test_a_name_resolves_to_its_heading_or_the_heading_opening_it() -> None:
    sections = [("a", "Impeded"), ("b", "Treacherous Water"), ("c", "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ › Масса")]
    assert resolve("Impeded Movement", sections) == "a"
    assert resolve("масса", sections) == "c"
    assert resolve("Генераторы", sections) is None  # "См. «Генераторы» в ORBAT вашей фракции": another book


@pytest.mark.slow
def test_every_resolved_pointer_stays_in_its_document(searcher) -> None:
    pointed = searcher._pointed
    assert pointed["dw4-glossary:0195"] == ("dw4-glossary:0054",)  # Treacherous Water -> Impeded
    assert all(t.split(":")[0] == key.split(":")[0] and t != key for key, ts in pointed.items() for t in ts)


@pytest.mark.slow
def test_the_line_comes_from_the_rule_pointed_to(searcher) -> None:
    # Impeded: "Treacherous Water Impedes the Movement of Surface and Underwater models"; Treacherous
    # Water itself only says "See Impeded Movement for more rules regarding Treacherous Water."
    result = searcher.ask("dw4 treacherous water - does it affect submarines too?", k=5).to_json()
    assert result["results"][0]["section"] == "Treacherous Water"
    answer = result["answer"]
    assert answer["section"] == "Impeded"
    assert "Impedes the Movement of Surface and Underwater models" in answer["quote"]
    shown = next(r for r in result["results"] if r["chunk_id"] == answer["chunk_id"])
    assert shown["rank"] == answer["rank"]
    assert shown["text"][shown["highlight"]["start"]:shown["highlight"]["end"]] == answer["quote"]


@pytest.mark.slow
def test_a_line_naming_the_pointed_rule_stays(searcher) -> None:
    # «Полный назад!»: "До конца Активации Дрейф такого Подразделения равен 0" — its own word on Drift,
    # over Дрейф's general "должна продвинуться вперед на количество дюймов, равное ее Показателю Массы".
    answer = searcher.ask("полный назад и дрейф вместе — дрейф всё равно делаю вперёд?", k=5).to_json()["answer"]
    assert answer["section"] == "ЭТАП ДЕЙСТВИЙ › «Полный назад!»"
    assert "Дрейф такого Подразделения равен 0" in answer["quote"]
