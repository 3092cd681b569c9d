"""Parsers on the real corpus documents."""
from __future__ import annotations

import re

import pytest

from index.chunking import MAX_CHARS, chunk_sections
from index.manifest import load_manifest
from index.parsing import parse_document
from index.parsing.capstext import NumberedOutline
from index.parsing.sections import paragraph_key

DOCS = {d.id: d for d in load_manifest()}


@pytest.fixture(scope="module")
def sections():
    return {doc_id: parse_document(doc) for doc_id, doc in DOCS.items()}


def test_manifest_describes_every_corpus_file():
    files = {d.file for d in DOCS.values()}
    on_disk = {p.name for p in next(iter(DOCS.values())).corpus_dir.iterdir() if p.suffix in {".cat", ".txt", ".md"}}
    assert files == on_disk
    for doc in DOCS.values():
        assert doc.game in {"dystopian-wars", "dust-warfare", "skirmish-usr"}
        assert doc.language in {"en", "ru"}
        assert doc.version


def test_battlescribe_one_section_per_rule_with_description(sections):
    raw = DOCS["dw4-glossary"].read_text()
    described = len(re.findall(r"<rule [^>]*>\s*(?:<alias>[^<]*</alias>\s*)?<description>", raw))
    glossary = sections["dw4-glossary"]
    assert len(glossary) == described == 218
    names = {s.heading_path[-1] for s in glossary}
    assert {"Ram", "Piercing", "Obscured", "Boarding Parties"} <= names


def test_battlescribe_aliases_are_kept(sections):
    aliases = {a for s in sections["dw4-glossary"] for t in s.terms for a in t.aliases}
    assert {"Ramming", "Rams", "Crew Checks", "Interception Attempt"} <= aliases


def test_glossary_tables_become_readable_text(sections):
    text = "\n".join(s.text for s in sections["dw4-glossary"])
    assert "<table" not in text and "&lt;" not in text and "<td" not in text
    breaching = next(s for s in sections["dw4-glossary"] if s.heading_path[-1] == "Breaching Drill")
    assert "Action Pool: The Action Pool starts with X dice." in breaching.text
    assert "Success Threshold: The Target Model’s Armour rating." in breaching.text


def test_quick_reference_repeated_pages_indexed_once(sections):
    keys = [paragraph_key(p) for s in sections["dw3-quick-reference"] for p in s.paragraphs]
    long_keys = [k for k in keys if len(k) >= 40]
    assert len(long_keys) == len(set(long_keys))
    # The magazine-explosion text is printed twice in the file (once with ” quotes): kept once.
    raw = DOCS["dw3-quick-reference"].read_text()
    assert raw.count("Magazine explosion") >= 2
    assert sum("magazine explosion" in k for k in keys) == 1


def test_a_short_rule_printed_once_is_kept_when_repeats_are_dropped(sections):
    # Dust Warfare summary, SPECIAL ABILITIES: "Fast (S)" / "May move an extra 6" once per turn."
    # One short line, printed once: dropping repeated pages must not drop it with them.
    fast = [s for s in sections["dust-warfare"] if s.heading_path[-1] == "Fast (S)"]
    assert [s.paragraphs for s in fast] == [['May move an extra 6" once per turn.']]


def test_quick_reference_headings_and_numbered_steps(sections):
    paths = [s.heading_path for s in sections["dw3-quick-reference"]]
    assert any(p[-2:] == ("ACTIVATION PHASE", "2. MOVEMENT") for p in paths)
    assert any(p[-1] == "RAMMING" for p in paths)
    assert any(p[-2:] == ("WEAPON QUALITIES", "Piercing") for p in paths)


def test_quick_reference_sub_steps_nest_under_their_step(sections):
    # The page prints "3. SHOOTING", then its own list "1. DETERMINE ACTION DICE" ... "8. CHECK FOR
    # CRITICAL DAMAGE", then "4. ASSAULT": a list restarting at 1 is the step's sub-steps.
    paths = [s.heading_path[1:] for s in sections["dw3-quick-reference"]]
    shooting = ("ACTIVATION PHASE", "3. SHOOTING")
    assert shooting + ("1. DETERMINE ACTION DICE",) in paths
    assert shooting + ("8. CHECK FOR CRITICAL DAMAGE",) in paths
    assert ("ACTIVATION PHASE", "1. OPERATIONS", "3. RESERVES") in paths
    assert ("ACTIVATION PHASE", "4. ASSAULT") in paths, "after the sub-steps the phase's list resumes"
    assert ("END PHASE", "2. REPAIR") in paths, "a new ALL-CAPS heading starts a new list"


def test_numbered_outline_reads_nesting_from_numbers_alone():
    outline = NumberedOutline()
    # "1. OPERATIONS" › 1-3, "2. MOVEMENT", "3. SHOOTING" › 1, 3, 4 (step 2 unprinted), 8, "4. ASSAULT"
    depths = [outline.depth_of(n) for n in (1, 1, 2, 3, 2, 3, 1, 3, 4, 8, 4)]
    assert depths == [1, 2, 2, 2, 1, 1, 2, 2, 2, 2, 1]


def test_russian_book_sections_and_bilingual_terms(sections):
    ru = sections["dw3-rulebook"]
    assert not any("INDEX" in s.heading_path for s in ru), "the index pages are mined, never answered from"
    ram = next(s for s in ru if s.heading_path[-1] == "Таран")
    assert ram.terms[0].english == "Ramming"
    assert "Набор Боевых Кубов Тарана" in ram.text


def _chapter_of(ru, last_heading):
    return next(s.heading_path[1] for s in ru if s.heading_path[-1] == last_heading)


def test_russian_book_chapters_follow_its_table_of_contents(sections):
    """The book's contents list "ЗАЩИТА ..... 23", "ЭТАП АБОРДАЖА ..... 24", "СВОЙСТВА НАБОРА
    КУБОВ ..... 36": each is a chapter of its own, whatever `#` level the Markdown gave it."""
    ru = sections["dw3-rulebook"]
    chapters = {s.heading_path[1] for s in ru if len(s.heading_path) > 1}
    for entry in ("ЗАЩИТА", "ЭТАП АБОРДАЖА", "ЭТАП РЕМОНТА", "ИГРОВОЙ РАУНД", "СВОЙСТВА НАБОРА КУБОВ",
                  "СТАНДАРТНЫЕ СЦЕНАРИИ", "ЭСКОРТ", "ПАРАМЕТРЫ ПОДРАЗДЕЛЕНИЯ", "КАРТЫ ПОБЕДЫ И ДОБЛЕСТИ"):
        assert entry in chapters
    assert _chapter_of(ru, "ТАБЛИЦА РЕЗУЛЬТАТОВ АБОРДАЖА") == "ЭТАП АБОРДАЖА"
    assert _chapter_of(ru, "Бронепробивное") == "СВОЙСТВА НАБОРА КУБОВ"
    assert _chapter_of(ru, "Буря") == "СТАНДАРТНЫЕ СЦЕНАРИИ"
    # printed in the contents as "ЭСКАДРИЛИИ БЛИЖНЕГО БОЯ", headed "ЭСКАДРИЛЬИ МАЛОЙ ДАЛЬНОСТИ (SRS)"
    assert _chapter_of(ru, "Действия SRS") == "ЭСКАДРИЛЬИ МАЛОЙ ДАЛЬНОСТИ (SRS)"
    # a heading outside the contents stays inside its chapter
    assert _chapter_of(ru, "ВИДЫ СЕКТОРОВ СТРЕЛЬБЫ") == "ВООРУЖЕНИЕ"
    assert "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ" in {s.heading_path[1] for s in ru if "Катастрофический Взрыв" in s.heading_path}


def test_a_heading_that_opens_a_sentence_is_a_run_in_term_of_its_chapter(sections):
    """The book prints the End Phase's steps as run-in terms: "Ремонт "на ходу" (Jury-Rigged Repair):
    в порядке Инициативы ...", beside "Поддавливающий огонь (Weight Of Fire): если количество ...",
    which the Markdown marked `###`. Read as a heading it took the later steps under Weight of Fire
    (cited "ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА › Поддавливающий огонь" for jury-rigged repair)."""
    ru = sections["dw3-rulebook"]
    for step in ('Ремонт "на ходу"', "Проверка условий Победы", "Поддержка", "Поддавливающий огонь"):
        section = next(s for s in ru if s.heading_path[-1] == step)
        assert section.heading_path[1:] == ("ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА", step)
    weight = next(s for s in ru if s.heading_path[-1] == "Поддавливающий огонь")
    assert weight.text.startswith("**Поддавливающий огонь (*Weight Of Fire*):** если количество")
    assert weight.terms[0].english == "Weight Of Fire"
    # a heading followed by a capitalised sentence stays a heading
    assert _chapter_of(ru, "Начало нового раунда") == "ЗАКЛЮЧИТЕЛЬНАЯ ФАЗА"


def test_the_prose_after_the_dice_figures_belongs_to_the_dice_chapter(sections):
    """"ИГРОВЫЕ КУБЫ" shows the two dice as figures, "БОЕВЫЕ КУБЫ" and "КУБЫ КРИТИЧЕСКИХ
    ПОВРЕЖДЕНИЙ", each a list of faces ("- 3  **Заклинило рули**"); then the chapter defines
    "**Набор Кубов (Dice Pool):**", "**Переброс кубов (re-roll):**", "**Отмененный результат
    (Cancelled):**", which were cited under the critical damage die."""
    ru = sections["dw3-rulebook"]
    for term in ("Набор Кубов", "Переброс кубов", "Отмененный результат", "Попадание"):
        assert next(s for s in ru if s.heading_path[-1] == term).heading_path[1:] == ("ИГРОВЫЕ КУБЫ", term)
    crit_die = next(s for s in ru if s.heading_path[-1] == "КУБЫ КРИТИЧЕСКИХ ПОВРЕЖДЕНИЙ")
    assert crit_die.heading_path[1] == "ИГРОВЫЕ КУБЫ"
    assert "Заклинило рули" in crit_die.text and "Набор Кубов" not in crit_die.text
    # a list of steps followed by their definitions is not a figure: they stay under their heading
    assert _chapter_of(ru, "Определите Инициативу") == "ФАЗА ИНИЦИАТИВЫ"


def test_usr_table_one_section_per_row(sections):
    usr = sections["skirmish-usr"]
    assert len(usr) == 14
    groups = {s.heading_path[1] for s in usr}
    assert groups == {"Unit USR", "Weapon USR"}
    airborne = next(s for s in usr if s.heading_path[-1] == "Airborne")
    assert airborne.text.startswith("Airborne: This unit may be deployed off of the table")


def test_chunks_carry_metadata_and_respect_size(sections):
    for doc_id, doc_sections in sections.items():
        chunks = chunk_sections(DOCS[doc_id], doc_sections)
        assert len({c.chunk_id for c in chunks}) == len(chunks)
        for chunk in chunks:
            assert chunk.document.id == doc_id and chunk.section and chunk.text.strip()
            # a single paragraph longer than the limit is kept whole; otherwise parts stay under it
            if "\n\n" in chunk.text:
                assert len(chunk.text) <= MAX_CHARS + 2 + max(len(p) for p in chunk.text.split("\n\n"))


def _section(ru, last_heading):
    return next(s for s in ru if s.heading_path[-1] == last_heading)


def test_a_sentence_broken_by_a_page_break_is_one_paragraph(sections):
    """The PDF broke "… для каждой Модели, у которой есть Критические Повреждения" / "или Уровень
    Дезорганизации, бросьте количество Боевых Кубов, равное ее Массе." into two paragraphs, and a
    word hyphenated across the break ("следую-" / "щей") into two halves."""
    ru = sections["dw3-rulebook"]
    repair = _section(ru, "ЭТАП РЕМОНТА")
    assert any("у которой есть Критические Повреждения или Уровень Дезорганизации, бросьте количество"
               " Боевых Кубов, равное ее Массе" in p for p in repair.paragraphs)
    storm = _section(ru, "Буря")
    assert any("Если два или более куба имеют один и тот же результат" in p for p in storm.paragraphs)
    turns = _section(ru, "Повороты")
    assert "совмещается со следующей Навигационной Точкой" in turns.text



def test_a_colon_heading_among_colon_headings_stays_a_heading(sections):
    """"### Подрыв боекомплекта:" / "эта Модель и все остальные в пределах 4" получают 1
    повреждение" reads like a run-in term, but it follows "### Утечка реактора:", a heading of the
    same kind: it is the next critical damage result, not text inside Reactor Leak."""
    ru = sections["dw3-rulebook"]
    ammo = _section(ru, "Подрыв боекомплекта")
    assert ammo.heading_path[1] == "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ"
    assert ammo.text.startswith("эта Модель и все остальные в пределах 4")
    assert "Подрыв боекомплекта" not in _section(ru, "Утечка реактора").text


def test_a_bulleted_list_of_definitions_is_one_section_per_definition(sections):
    """"- **Наземная (Ground Unit):** Такие модели не могут перемещаться, если в Сценарии не указано
    иное." is one of five position traits printed as a list; each is a rule of its own. Text
    between two items is the item's ("Иногда модель, у которой отсутствует Особенность Воздушное
    Подразделение …"); text after the list is the section's ("При Атаке, перед тем как будут брошены
    Боевые Кубы, Начальная Цель может объявить …" belongs to ЗАЩИТА, not to its last item SDV)."""
    ru = sections["dw3-rulebook"]
    ground = _section(ru, "Наземная")
    assert ground.heading_path[1] == "ОСНОВНЫЕ ТЕРМИНЫ"
    assert ground.terms[0].english == "Ground Unit"
    assert "Такие модели не могут перемещаться" in ground.text and "Воздушное" not in ground.text
    assert ground.text.startswith("**Наземная (Ground Unit):**")  # read on its own, not as a list item
    aerial = _section(ru, "Воздушное подразделение")
    assert "можно временно удалить воздушную модель" in aerial.text
    assert "Подводное подразделение" not in aerial.text
    assert _section(ru, "Парящие подразделения").terms[0].english == "Skimming Unit"
    defence = next(s for s in ru if s.heading_path[1:] == ("ЗАЩИТА",))
    assert "перед тем как будут брошены Боевые Кубы, Начальная Цель может объявить" in defence.text
    assert "перед тем как будут брошены" not in _section(ru, "Подводная Защита").text
    # a numbered name without a colon ("1. **Опасность**  (*Hazard*)") is a list, not a definition
    disorder = next(s for s in ru if s.heading_path[1:] == ("УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ",))
    assert "За раз Модель может быть под воздействием только одного Статуса" in disorder.text
    assert _section(ru, "Хаос и Смятение").heading_path[1:] == (
        "УРОВЕНЬ ДЕЗОРГАНИЗАЦИИ", "Статусы Деорганизации", "Хаос и Смятение")


def test_a_heading_repeating_its_parent_is_cited_once(sections):
    """"# ФОРМИРОВАНИЕ ВОЕННЫХ СОЕДИНЕНИЙ" is followed by "## ФОРМИРОВАНИЕ ВОЕННЫХ СОЕДИНЕНИЙ", and
    "# КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ" by "## КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ" over the results table: a citation
    names each once ("КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ › Возгорание Стургениума")."""
    for doc_sections in sections.values():
        for s in doc_sections:
            path = [h.casefold() for h in s.heading_path]
            assert all(a != b for a, b in zip(path, path[1:], strict=False)), s.heading_path
    ru = sections["dw3-rulebook"]
    assert _section(ru, "Возгорание Стургениума").heading_path[1:] == (
        "КРИТИЧЕСКИЕ ПОВРЕЖДЕНИЯ", "Возгорание Стургениума")
    assert _section(ru, "Флоты").heading_path[1:] == ("ФОРМИРОВАНИЕ ВОЕННЫХ СОЕДИНЕНИЙ", "Флоты")


def test_a_note_stays_with_the_rule_it_annotates(sections):
    """"**Обратите внимание:** когда Модель заняла Финальную Позицию, не забудьте переместить к ней
    любые маркеры и токены" is a note on Final Position, not a rule named "Обратите внимание"."""
    ru = sections["dw3-rulebook"]
    assert not any(s.heading_path[-1] in {"Обратите внимание", "Важное замечание", "Важно", "Помните"}
                   for s in ru)
    final = _section(ru, "Финальная Позиция")
    assert "не забудьте переместить к ней любые маркеры и токены" in final.text
    assert not any(t.name == "Обратите внимание" for s in ru for t in s.terms)


def test_a_run_in_rule_glued_to_the_paragraph_before_starts_its_own(sections):
    """The PDF's text ran "… за каждый Токен Эскорта. **Удаление Эскорта:** каждый раз, когда …"
    into one paragraph and broke "- Набор Боевых Кубов Абордажа одной из" / "Моделей
    Сопровождаемого Подразделения получает +1 куб" at a page end (the book capitalises its terms)."""
    escort = next(s for s in sections["dw3-rulebook"] if s.heading_path[1:] == ("ЭСКОРТ",))
    assert any(p.startswith("**Удаление Эскорта:** каждый раз") for p in escort.paragraphs)
    assert any("Абордажа одной из Моделей Сопровождаемого Подразделения получает +1 куб" in p
               for p in escort.paragraphs)
    assert "Удаление Эскорта" in [t.name for t in escort.terms]


def test_a_headings_translation_pushed_to_the_next_line_goes_back_to_it(sections):
    """"### РАЗМЕЩЕНИЕ (*Placed*) И ЗАМЕНА" / "(*Replaced*): Иногда модели …": the passage read
    "(Replaced): Иногда …"; the translation belongs to the heading."""
    placed = next(s for s in sections["dw3-rulebook"] if s.heading_path[-1].startswith("РАЗМЕЩЕНИЕ"))
    assert placed.heading_path[-1] == "РАЗМЕЩЕНИЕ (Placed) И ЗАМЕНА (Replaced)"
    assert placed.text.startswith("Иногда модели или маркеры Размещаются или Заменяются")


def test_a_table_printed_as_a_list_is_one_section_per_row_under_its_table(sections):
    # Dust Warfare, "Vehicle Damage Table": "- ⊕⊕ **External Fire:** The vehicle suffers 1 damage at
    # the end of each activation …" — each row is read alone, cited under its table.
    dust = {s.heading_path[1:]: s for s in sections["dust-warfare"]}
    fire = dust[("ATTACK ACTIONS", "Vehicle Damage Table", "External Fire")]
    assert fire.text.startswith("⊕⊕ **External Fire:** The vehicle suffers 1 damage at the end of each activation")
    assert "Drive System Damaged" not in fire.text, "the next row is a section of its own"
    assert ("ATTACK ACTIONS", "Vehicle Damage Table", "Hull Breach") in dust
    assert ("AIRCRAFT", "Aircraft Damage Table", "Forced Low") in dust
    # the row without a name ("- No additional effect.") stays the table's own text
    assert dust[("ATTACK ACTIONS", "Vehicle Damage Table")].text == "- No additional effect."


def test_a_row_printed_again_with_other_die_faces_is_indexed_once(sections):
    # The player-reference page prints "- ⊕⊕⊕⊕ **Hull Breach:** Vehicle cannot make armor rolls. …"
    # where the summary printed "- ⊕⊕⊕ **Hull Breach:** …": the same row, kept once.
    raw = DOCS["dust-warfare"].read_text()
    assert "⊕⊕⊕⊕ **Hull Breach:** Vehicle cannot make armor rolls. All weapons" in raw
    breaches = [s for s in sections["dust-warfare"] if "Hull Breach:** Vehicle cannot make armor rolls. All" in s.text]
    assert len(breaches) == 1
    assert paragraph_key("- ⊕⊕⊕ **Hull Breach:** x") == paragraph_key("- ⊕⊕⊕⊕ **Hull Breach:** x")
    assert paragraph_key("+1 die") != paragraph_key("1 die"), "an ASCII sign is text, not an icon"


def test_a_rule_dropped_as_a_repeat_is_not_defined_where_it_was_dropped(sections):
    # Dust Warfare's player-reference page repeats run-in rules word for word ("**Replace lost unit
    # leader:** Nominate a new unit leader …"): the repeats are dropped, and the sections they were
    # dropped from no longer define them. Every term a section defines is printed in it or in its headings.
    for doc in ("dust-warfare", "dw3-quick-reference"):
        for section in sections[doc]:
            printed = paragraph_key(" ".join((*section.heading_path, section.text)))
            assert all(paragraph_key(t.name) in printed for t in section.terms), section.heading_path
