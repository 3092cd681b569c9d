"""Russian typed in Latin letters is read in Cyrillic (dev3 has such questions: "skolko kubov
kidat' na remont v 3.03?"); English questions are left alone."""
from __future__ import annotations

from functools import lru_cache

from corpus import CORPUS_DIR
from index.text import stem, stems
from index.translit import (
    one_alphabet,
    read_cyrillic_abbreviations,
    read_english_loanwords,
    read_latin_russian,
    to_cyrillic,
)


@lru_cache(maxsize=1)
def corpus_stems() -> frozenset[str]:
    """Stems of the real corpus: the Russian rulebook and the English quick reference."""
    text = (CORPUS_DIR / "dw3-rulebook-ru.md").read_text(encoding="utf-8")
    text += (CORPUS_DIR / "dw3-quick-reference.txt").read_text(encoding="utf-8")
    return frozenset(stems(text, keep_stopwords=True))


def test_chat_transliteration_letters() -> None:
    assert to_cyrillic("vysokaya") == "высокая"
    assert to_cyrillic("skorost'") == "скорость"
    assert to_cyrillic("otrazheniyami") == "отражениями"
    assert to_cyrillic("kakoy") == "какой"
    assert to_cyrillic("shchit") == "щит"


def test_russian_in_latin_letters_is_read_in_cyrillic() -> None:
    reading = read_latin_russian("torpedy s kakogo rasstoyaniya mozhno puskat'?", corpus_stems(), stem)
    assert reading == "торпеды с какого расстояния можно пускать?"


def test_capital_abbreviations_stay_as_typed() -> None:
    reading = read_latin_russian("skolko VP daet flagman protivniku?", corpus_stems(), stem)
    assert reading is not None and "VP" in reading and "флагман" in reading


def test_english_questions_are_not_transliterated() -> None:
    for question in ("how far can torpedoes be launched?", "what does the Storm scenario do to drift",
                     "can a ship ram in 3rd edition?"):
        assert read_latin_russian(question, corpus_stems(), stem) is None


def test_a_word_typed_on_two_keyboard_layouts_is_read_in_one_alphabet() -> None:
    """A look-alike letter from the other layout ("rаm" with a Cyrillic а) made a word the corpus
    never prints: "rаm" was not in the rules while "ram" was."""
    cases = (("r\u0430m", "ram"), ("Fusill\u0430de", "Fusillade"), ("\u0442a\u0440\u0430\u043d", "таран"),
             ("\u0441o\u0440", "сор"), ("bo\u0430rding", "boarding"),
             ("\u0430\u0431o\u0440\u0434\u0430\u0436", "абордаж"))
    for typed, meant in cases:
        assert one_alphabet(typed) == meant, typed
    assert one_alphabet("dw4 таран, 4е и ram") == "dw4 таран, 4е и ram"  # words in one alphabet stay as typed


def test_open_latin_letters_are_read_as_the_rulebook_spells_them() -> None:
    """Chat Latin leaves letters open: "e" opening a word is often э, "u" is also ю, the soft sign
    after л is often left out, "tsya" ends a reflexive verb. The rulebook's words decide:
    "Если иное не указано в Сценарии, игра длится пять раундов." """
    assert read_latin_russian("skolko raundov dlitsya igra?", corpus_stems(), stem) == \
        "сколько раундов длится игра?"
    reading = read_latin_russian("otkluchenie generatora, eto kak?", corpus_stems(), stem)
    assert reading == "отключение генератора, это как?"


def test_function_words_count_as_russian() -> None:
    """"chto esli ... kray stola" has one content word the corpus knows; its Russian function words
    ("что", "если") show it is Russian all the same."""
    reading = read_latin_russian("chto esli korabl' vyshla za kray stola?", corpus_stems(), stem)
    assert reading is not None and reading.startswith("что если") and "край" in reading


def test_chat_four_is_che_only_inside_a_russian_word() -> None:
    """"4to" is "что" in chat; "4ka" (the fourth face) and "4e" (the edition) stay as typed."""
    reading = read_latin_russian("4to daet zaklinilo rul'? a 4ka v 4e?", corpus_stems(), stem)
    assert reading is not None
    assert reading.startswith("что дает заклинило руль?") and "4ka" in reading and "4e" in reading


def test_an_english_rule_name_inside_a_russian_sentence_stays_english() -> None:
    """Players name a rule in English inside Russian chat ("weight of fire kogda ..."): the name's
    small words stay English; "pustye" takes the plural ending ые the book prints ("пустые грани")."""
    reading = read_latin_russian("weight of fire kogda mozhno perebrasyvat' pustye grani?", corpus_stems(), stem)
    assert reading == "weight of fire когда можно перебрасывать пустые грани?"


def test_latin_abbreviations_typed_in_cyrillic_are_read_as_printed() -> None:
    """The book prints "Против Торпедной Атаки Цель может использовать SDV." and "Токены SRS";
    players type them on a Cyrillic keyboard by sound, often with a chat suffix."""
    reading = read_cyrillic_abbreviations("торпы от срсок можно сдв отбивать?", corpus_stems(), stem)
    assert reading == "торпы от SRS можно SDV отбивать?"
    for russian in ("можно поднять белый флаг?", "сколько ран до того как станет покалечен",
                    "ремонтные доки в 4ке", "подлодка под водой"):
        assert read_cyrillic_abbreviations(russian, corpus_stems(), stem) is None, russian


def test_the_other_common_scheme_j_for_short_i_and_x_for_kha() -> None:
    """Players also write "j" for й and я/ю ("morskoj", "dvigajutsja") and "x" for х ("xod");
    the book prints "морская пехота" and "на ходу"."""
    assert to_cyrillic("dvigajutsja") == "двигаются"
    reading = read_latin_russian("skol'ko kubov na abordazh morskoj pehoty?", corpus_stems(), stem)
    assert reading == "сколько кубов на абордаж морской пехоты?"
    reading = read_latin_russian("gde xodit' nel'zya", corpus_stems(), stem)
    assert reading == "где ходить нельзя"


def test_a_dropped_soft_sign_and_lower_case_abbreviations() -> None:
    """"est li" is "есть ли" (the soft sign left out after т); "dw" has no vowel, so it is an
    abbreviation, never a Russian word, and stays as typed."""
    reading = read_latin_russian("est li pravilo pro torpedy v dw?", corpus_stems(), stem)
    assert reading == "есть ли правило про торпеды в dw?"


def test_a_one_word_question_in_latin_letters() -> None:
    """A player types just the rule's name ("abordazh?"): when its only word reads as Russian the
    corpus prints ("Абордаж"), it is Russian; an English rule name stays English."""
    assert read_latin_russian("abordazh?", corpus_stems(), stem) == "абордаж?"
    for english in ("ram", "boarding?", "Drift", "uno"):
        assert read_latin_russian(english, corpus_stems(), stem) is None, english


def test_a_word_both_languages_know_is_russian_in_a_russian_sentence() -> None:
    """"token" and "model'" are words of both books; inside Russian chat they are the Russian
    book's "Токен" and "Модель" ("каждый атакующий Токен SRS ..."), while a capitalised English
    rule name stays English."""
    reading = read_latin_russian("skol'ko kubov daet odin SRS token pri nalete?", corpus_stems(), stem)
    assert reading == "сколько кубов дает один SRS токен при налете?"
    reading = read_latin_russian("Drift model' skolko dyuymov?", corpus_stems(), stem)
    assert reading is not None and reading.startswith("Drift модель")


def _dust_and_glossary_stems() -> frozenset[str]:
    """The real corpus's stems with Dust Warfare's and the 4th-edition glossary's English too."""
    text = (CORPUS_DIR / "dust-warfare-rules-summary.md").read_text(encoding="utf-8")
    text += (CORPUS_DIR / "dw4-rules-glossary.cat").read_text(encoding="utf-8")
    return corpus_stems() | frozenset(stems(text, keep_stopwords=True))


def test_english_rule_names_typed_in_cyrillic_are_read_as_printed() -> None:
    """Dust Warfare prints the ability "Medic" ("May take a special heal action"), the glossary the
    properties "Stoic" and the "Rally" of a Consolidation Step; players type them by sound."""
    known = _dust_and_glossary_stems()
    never_russian = lambda word: False  # noqa: E731 - the words below are no Russian words
    assert read_english_loanwords("в дасте медик что умеет?", known, never_russian, stem) == "в дасте medic что умеет?"
    assert read_english_loanwords("у меня стоик на карте", known, never_russian, stem) == "у меня stoic на карте"
    assert read_english_loanwords("условия для ралли", known, never_russian, stem) == "условия для rally"


def test_russian_words_and_names_are_not_read_as_english() -> None:
    """A word read as Russian stays Russian ("реакция", Dust's reaction, is a players' word); a
    capitalised word is a person ("с Денисом", not denis); a short root is another word ("костей"
    is no cost, "диске" no dice)."""
    known = _dust_and_glossary_stems()
    russian = {"реакция"}.__contains__
    for question in ("реакция на атаку", "играли с Денисом", "сколько костей кидать", "на диске написано"):
        assert read_english_loanwords(question, known, russian, stem) is None, question


def test_english_names_typed_in_cyrillic_as_english_spells_them() -> None:
    """English writes what Cyrillic drops: a silent final e ("реверс": reverse), "qu" said as кв
    ("сквадрон": squadron, the quick reference's "Squadron Killer Bonus"), a doubled final l after a
    short vowel ("фул": full); a two-word name the Russian book pairs ("Full Reverse" = «Полный назад!»)
    is read whole, its short word vouched for by the name."""
    known = corpus_stems()
    never_russian = lambda word: False  # noqa: E731 - the words below are no Russian words
    names = {("full", "reverse")}
    assert read_english_loanwords("какой фул реверс у линкора", known, never_russian, stem, names) == \
        "какой full reverse у линкора"
    assert read_english_loanwords("вп за убитый сквадрон", known, never_russian, stem) == "вп за убитый squadron"
    # without the name, the short word is too short to be read alone
    assert read_english_loanwords("какой фул", known, never_russian, stem, names) is None
