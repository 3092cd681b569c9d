"""Tokenising and stemming for the lexical side, English and Russian alike."""
from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable, Container, Iterable
from functools import lru_cache
from typing import Any

from index.ru_derivation import VERBAL_NOUN_ENDINGS, verb_of_verbal_noun

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)

_EN_STOP = frozenset(
    "a an and are as at be but by can do does for from how i if in into is it its me my of on or "
    "so than that the their them then there these they this to u up was what when where which who "
    "will with you your yes no not any get got have has had just".split()
)
_RU_STOP = frozenset(
    "а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для "
    "до его ее ей ему если есть еще же за здесь и из или им их к как ко когда кто ли либо мне может "
    "мы на над надо наш не него нее нет ни них но ну о об однако он она они оно от очень по под при "
    "с со так также такой там те тем то того тоже той только том ты у уже хотя чего чей чем что "
    "чтобы чье чья эта эти это я ли ещё".split()
)
# Words of a Russian player's question that carry no rule: dropped from the question's stems
# (`question_stems`), never from the documents' (the book's own pronouns stay where bm25 counts them).
_RU_CHAT = frozenset(
    # The other forms of the personal, possessive, reflexive, demonstrative and relative pronouns:
    # a rule never turns on whose ship "мой" is ("у меня эсминец", "его линкор", "которые стоят").
    "меня мной мой моя мое моё мои моего моей моему моим моих моем моём моими твой твоя твое твоё твои "
    "твоего твоей твоих тебя тебе тобой нас нам нами наша наше наши нашего нашей наших нашим вам вами ваш "
    "ваша ваше ваши вашего вашей ваших вашим себя себе собой свой своя свое своё свои своего своей своих "
    "своим своими своем своём ей ею ему ими ними нему ней нём нем неё "
    "этот этого этому этим этом эту этой этих тот тех таких такие такая таким "
    "который которая которое которые которого которой котором которых которым какой какая какое "
    "какие какого каких каким "
    # Chat around a question, from the grammar of Russian conversation, not from rules: discourse
    # particles and interjections ("короче", "типа", "блин"), the story's people and days ("друг",
    # "вчера"), and the verbs that tell who said or thought what ("он говорит", "я думаю", "помню").
    "короче кароче типа вообще вообщем ваще блин ладно кстати вроде просто прям прямо щас реально "
    "собственно ведь мол дескать пожалуйста плиз спасибо привет ребят ребята народ парни мужики "
    "подскажите скажите помогите смотрите слушайте вопрос ситуация чё чо че ага окей ок хм "
    "капец жесть походу наверное наверно итак типо чтоли какбы норм лол кек имхо плз пж пжлст пипец "
    "здравствуйте здрасте добрый доброго благодарю ребзя короч "
    # chat abbreviations and spellings of the same ("мб" может быть, "хз" who knows, "всм" I mean)
    "мб хз кст спс пасиб сорян сори плс шо тож всм нада "
    # particles of indefinite pronouns ("какой-нибудь") and a story's heaps and evenings ("кучу критов")
    "нибудь нибуть куча кучу кучи буквально вечер ночью сидели "
    "вчера сегодня завтра недавно вечером "
    # more of a story's days, friends and frame, and the adverbs that sequence it ("опять", "потом");
    # none is printed by the Russian book ("вчерашней партии", "играем с друзьями", "вот такая история")
    "вчерашний вчерашняя вчерашней вчерашнюю вчерашнего вчерашнем субботу воскресенье пятницу выходных "
    "друзья друзей друзьям друзьями история историю истории полчаса опять потом именно правда "
    "интересно непонятно понятно рассудить рассудите хочу хочется всякий всякие всяких ту "
    # function words the stopword list lacks, which no rule turns on ("и тут он", "что тогда?")
    "тут тогда кого кому чтоб ради "
    # the rest of "такой" and "тот" the lists lack, "как будто", "теперь" ("такую карту", "к тому же");
    # not "такое": the book's heading "Что такое Dystopian Wars?"
    "такого такому таком такую тому будто теперь "
    # what a card "says" frames the question, as "says" does in English ("на карте написано 6(3)")
    "написано написан написана написаны пишет пишут "
    # where a player comes from: used to another game, his club, the years he has played ("пришёл из
    # BFG", "привыкли, что ...", "в клубе все из х-винга", "играю лет десять", "первый раз сел за")
    "привык привыкли привыкла привыкший привычно клуб клубе клуба клубом лет сел сели села пришел пришла "
    "пришли "
    # a negative pronoun frames a claim ("никому не перекрывают лос"): no rule turns on it
    "никому никого нигде "
    # a player asking to confirm his reading ("верно ли я понимаю, что ...", "поправьте, если ошибаюсь",
    # "подтвердите", "получается, ..."): the claim is the question, the frame no rule's word
    "верно неверно поправьте поправь ошибаюсь ошибся ошибаемся подтвердите подтверди подтвердить получается "
    "друг друга другу приятель приятеля приятелю знакомый знакомого товарищ кореш чувак "
    "говорит говорю говорил говорила говорят сказал сказала сказали утверждает спорили спорим спор "
    "думаю думает думал уверен уверена помню помнит знаю понимаю понял читал слышал кажется "
    # chat spellings ("што", "кста"), more of the story's people ("у кореша", "вопрос от новичка") and
    # counting words ("сколько штук"): none names a rule. Not "куда", "могут", "ним": the book's answers
    # print them ("с ним нельзя Сталкиваться", "могут быть Поддерживающими"), measured on ru_own, abstain_own
    "када кагда нету ниче чето чета канеш конеш ща "  # когда, нет, ничего, что-то, конечно, сейчас
    "што кста кореша корешу корешем новичок новичка новичку "
    "новички новичков штук штуки штука "
    # letters that are never a word of their own, left by a hyphen ("х-винг", X-Wing) or a typo;
    # the book's letter labels (Игрок А, Б; "Перекладина над Т") are not among them
    "х ш щ ц ъ ь ы й ф э ю "
    # a Discord message's greeting, sign-off and frame around a turn-by-turn account ("Здарова, народ.",
    # "Доброе утро. Коротко по партии: ...", "отчёт по игре", "сыграли 1000 очков", "привык к 4ке, там всё
    # на английском"): none is printed by the Russian book (tests/test_russian_long_questions.py)
    "здарова салют хелло хай утро утра вечера суток господа чат чате отчет коротко кратко нормально "
    "решили решил играли играем играл сыграли поиграли английском английски "
    # the word for an edition: which one is routed from the edition's own name ("в 4 редакции")
    "редакция редакции редакцию редакцией издание издании".split()
)
# A snowballstemmer object keeps the word it is stemming in `self.current`, so one shared
# by the search threads corrupts concurrent calls (IndexError under load, bench/load.py):
# each thread gets its own.
_stemmers = threading.local()


def _stemmer(language: str) -> Any:
    found = getattr(_stemmers, language, None)
    if found is None:
        import snowballstemmer  # all its languages load at once: only for a word no build recorded

        found = snowballstemmer.stemmer(language)
        setattr(_stemmers, language, found)
    return found


_MARKUP = re.compile(r"\*\*|__")
# "(*Piercing*)", and a note set in italics over several printed lines (the glossary's "*Note that this
# Property does not allow …\nwhich allows it to do so.*"), never across a paragraph break
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)((?:[^*\n]|\n(?!\s*\n))+?)(?<=\S)\*(?![\w*])")


def readable(text: str) -> str:
    """Text as a user reads it: Markdown bold and emphasis markers dropped, non-breaking spaces (the glossary
    puts them between words) made plain spaces. Passages and quotes are cut from this text."""
    text = _EMPHASIS.sub(r"\1", _MARKUP.sub("", text))
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("ё", "е").replace("Ё", "Е").casefold()


def is_cyrillic(text: str) -> bool:
    """True when most letters are Cyrillic: the script a question is searched in (its words' stems,
    the book it is routed to). Not the player's language — that is `core.messages.text_lang` (any
    Russian word), which a question naming English rules in a Russian sentence also has."""
    letters = sum(map(str.isalpha, text))
    # every character _CYRILLIC matches is a letter: counting its matches counts the Cyrillic letters
    return letters > 0 and len(_CYRILLIC.findall(text)) >= letters / 2


def is_stopword(word: str) -> bool:
    """`word` (already normalised) is an English or Russian stopword, or Russian chat around a question."""
    return word in _EN_STOP or word in _RU_STOP or word in _RU_CHAT


def words(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


# word -> its stem, as the index build recorded them for the words it holds (`remember_stems`): a
# start-up reads the names, headings and players' words' stems rather than running the stemmer again
_RECORDED: dict[str, str] = {}


def remember_stems(pairs: Iterable[tuple[str, str]]) -> None:
    """Take (word, stem) pairs `stem` computed at build (the index digest covers this file, so the
    stemmer that made them is this one)."""
    global _PRINTED
    _RECORDED.update(pairs)
    _PRINTED = None


# stem -> the build's words that stem so (`printed_words`), made once from `_RECORDED` on first use
_PRINTED: dict[str, tuple[str, ...]] | None = None


def printed_words(word_stem: str) -> tuple[str, ...]:
    """The words of the build (passages, names, players' words) that stem as `word_stem`: which words
    of one stem the documents print ("повышен": only the participle "повышенному", not the noun)."""
    global _PRINTED
    found = _PRINTED
    if found is None:
        grouped: dict[str, list[str]] = {}
        for word, its_stem in _RECORDED.items():
            grouped.setdefault(its_stem, []).append(word)
        found = _PRINTED = {its_stem: tuple(group) for its_stem, group in grouped.items()}
    return found.get(word_stem, ())


# The Snowball Russian stemmer keeps the "ьт" of an imperative ("бросьте": "бросьт", "добавьте",
# "сверьтесь"), so the book's instructions matched no other form of their verb ("бросить": "брос");
# and it reads a noun's final "-ан" as a verb ending ("Таран": "тара", "туман": "тума"), so the
# nominative matched neither its instrumental and prepositional ("Тараном", "Таране": "таран") nor the
# verb ("таранить"). (Reading "Тарана", "Тараны" and the adjective "таранного" so as well was measured:
# the Ramming quality then outranked the ram rule, dev2 and abstain_own lost a question each.)
_IMPERATIVE = ("ьте", "ьтесь")
# ... but a short participle of an -зать/-сать/-вать verb stems as its other forms ("обязан", "обязана": "обяза")
_SHORT_PARTICIPLE = ("зан", "сан", "ван")


# English irregular past forms the stemmer leaves as they are ("took" is not "take", "ran" not "run"):
# a question's are read as the verb (a player tells what happened; the rules say what happens). Not
# the forms that are also nouns or words the rules print in another sense: "left" (a side), "shot",
# "wound", "struck" (a Strike), "broken" (Broken Spirit), "led" (a lead weapon), "shaken", nor "won"
# ("won't" splits into "won" and "t"). Read in the documents too, it moved rules both ways
# (vocab3_own lost an R@1 and two R@5).
_IRREGULAR_PAST = {
    "took": "take", "taken": "take", "ran": "run", "went": "go", "sank": "sink", "sunk": "sink",
    "sent": "send", "felt": "feel", "fought": "fight", "drew": "draw", "drawn": "draw", "threw": "throw",
    "thrown": "throw", "chose": "choose", "chosen": "choose", "lost": "lose", "made": "make",
    "gave": "give", "given": "give", "came": "come", "fell": "fall", "fallen": "fall", "flew": "fly",
    "flown": "fly", "drove": "drive", "driven": "drive", "stood": "stand", "held": "hold", "kept": "keep",
    "met": "meet", "sat": "sit", "saw": "see", "seen": "see", "found": "find", "spent": "spend",
    "stuck": "stick", "hid": "hide", "began": "begin", "begun": "begin", "dealt": "deal", "laid": "lay",
}


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    recorded = _RECORDED.get(word)
    if recorded is not None:
        return recorded
    found = str(_stemmer("russian" if _CYRILLIC.search(word) else "english").stemWord(word))
    if word.endswith(_IMPERATIVE) and found.endswith("ьт"):
        return found[:-2]
    if len(word) >= 5 and word.endswith(("ан", "ян")) and not word.endswith(_SHORT_PARTICIPLE) and found == word[:-1]:
        return word  # "таран" stems as "тарана", "таранить" do, not "тара" (a verb's "-н" after а)
    return _case_stem(word, found)


# The stemmer reads a noun's "-ыв" as a perfective gerund's in its nominative only, so one word gets
# two stems and a player's case misses the book's heading (bench/ru_forms_sweep.py): "Подрыв" "подр" but
# "подрыва", "подрыву" "подрыв". Where the stemmer cut exactly that suffix, it stays. (The same reading of
# "-ен-"/"-ан-" — "Замена" "зам" but "замене" "замен", "тарана" "тара" but "таране" "таран" — was measured
# and not kept: it moves the ranking between two rules that both hold the word, dev2 quote .88 -> .86.)


# Snowball's Russian vowels. Its Russian stemmer only deletes endings, and only after a word's first
# vowel (its region RV); its one rewrite is ё -> е. `stem`'s own mends keep that: a Russian word's stem is
# one of its prefixes no shorter than its first vowel (tests/test_text.py checks every word of the build).
_RU_VOWELS = frozenset("аеиоуыэюя")


def stem_in(word: str, known: Container[str]) -> bool:
    """`stem(word) in known`, without stemming a Russian word none of whose possible stems (its prefixes
    from its first vowel on, see above) is in `known`: readers that try spellings of a word (index.translit,
    index.ru_typos) stem mostly strings no document prints, and a stem not cached costs ~40 µs."""
    if "ё" not in word and _CYRILLIC.search(word):
        vowel = next((place for place, letter in enumerate(word) if letter in _RU_VOWELS), len(word) - 1)
        if not any(word[:end] in known for end in range(vowel + 1, len(word) + 1)):
            return False
    return stem(word) in known


def stemmed_in(word: str, known: Container[str], stem_of: Callable[[str], str]) -> bool:
    """`stem_of(word) in known` for a reader given its stemmer: `stem_in` when that is `stem` itself."""
    return stem_in(word, known) if stem_of is stem else stem_of(word) in known


def _case_stem(word: str, found: str) -> str:
    if len(word) >= 5 and word.endswith("ыв") and found == word[:-2]:
        return word  # "подрыв", "разрыв": as "подрыва"
    return found


def stems(text: str, keep_stopwords: bool = False) -> list[str]:
    """Stemmed content words, in order (stopwords dropped unless asked)."""
    out = []
    for word in words(text):
        if not keep_stopwords and (word in _EN_STOP or word in _RU_STOP):
            continue
        out.append(stem(word))
    return out


# "друг друга", "друг от друга", "друг с другом": the reciprocal pronoun, not the story's friend; the
# book says it with "другой" ("не дальше, чем в 4" от любой другой Модели").
_RECIPROCAL = re.compile(r"(?<!\w)друг\s+(?:(?:от|с|со|к|на|за|о|об|у|для|перед|без|про|по|над|под)\s+)?"
                         r"друг(?:а|у|ом|е)(?!\w)", re.IGNORECASE)
# "тот же крит", "такой же маркер": the same thing again, as the book says it ("дублирующиеся Маркеры",
# "одинаковых Подразделения"); read as "одинаковый" so a player phrase can name it. Not "то же" (also
# "the same as" a whole clause: "то же самое, что ...").
_SAME = re.compile(r"(?<!\w)(?:тот|та|те|того|той|тех|ту|такой|такая|такие|такого|такую|таких)\s+же"
                   r"(?:\s+сам(?:ый|ая|ые|ого|ую|ых))?(?!\w)", re.IGNORECASE)

# "крит, который (у корабля) уже есть/уже лежит": a thing the model already has, got again — the same thing
# again, as "тот же" (`_SAME`): read "одинаковый" after it (once, when "тот же" already said it); whose
# it is ("у корабля") stays. Every word of it is a stopword, so unread it
# left the question only its thing ("выпал крит"). Only after a relative pronoun: "если уже есть токены
# того же типа" (the book's own SRS sentence) is another clause.
_ALREADY_HAS = re.compile(r",?\s*(?:котор(?:ый|ая|ое|ые|ого|ую)|что)\s+((?:(?:у|на)\s+\w+\s+)?)(?:уже|уж)\s+"
                          r"(?:есть|был[аио]?|были|лежит|лежат|висит|висят|стоит|имеется|получил[аи]?)(?!\w)",
                          re.IGNORECASE)

# A Russian player names another game in passing: likening ("как в X-Wing", "типа как в 40k"), saying
# where he comes from ("после вахи", "пришёл из 40k", "перешёл с BFG"), or contrasting it with this one
# ("в 40k сейв от всего, а тут?"). Asked about for itself ("как в вархаммере работает овервотч?",
# "в 40k как работает глубокий удар?"), the game keeps the question off these rules (index.query).
_LIKENED_BEFORE = re.compile(r"(?<!\w)(?:(?:как|типа|вроде|чем)\s+(?:в|во|на)|после|из|с)\s*$", re.IGNORECASE)
_CONTRAST_AFTER = re.compile(
    r"(?<!\w)а\s+(?:тут|здесь|у\s+нас|в\s+этой\s+игре|в\s+дв\d?|в\s+dw\d?|в\s+дистоп\w*)(?!\w)", re.IGNORECASE)
# "Как в X работает Y?" asks how Y works in X: a "как в" opening its sentence likens only when the name
# closes the phrase ("Как в вахе, можно ли ...?", "... как в X-Wing?").
_OPENS_SENTENCE = re.compile(r"(?:^|[.?!:;\n])\s*(?:как|чем)\s+(?:в|во|на)\s*$", re.IGNORECASE)
_CLOSES_PHRASE = re.compile(r"\w*\s*(?:[,.?!;:)—–-]|$)")


def likens_another_game(text: str, start: int, end: int) -> bool:
    """Whether the other game named at text[start:end] is named in passing (see above), not asked about."""
    before = text[:start]
    if _LIKENED_BEFORE.search(before):
        return not _OPENS_SENTENCE.search(before) or bool(_CLOSES_PHRASE.match(text, end))
    return bool(_CONTRAST_AFTER.search(text[end:]))


# "ини": players' short word for the book's Инициатива (every game with a first player says it). Its stem
# is "иной"'s ("если иное не указано"), so it is read as the word it shortens, not expanded as a stem.
_INITIATIVE = re.compile(r"(?<!\w)ини(?!\w)", re.IGNORECASE)


# "в 5дюймах": a number run into its unit is the number and the unit ("в пределах 5 дюймов").
_INCHES_RUN_ON = re.compile(r"(?<=\d)(?=дюйм)", re.IGNORECASE)


def question_stems(text: str) -> list[str]:
    """`stems` of a question: Russian chat around it dropped as well ("короче, вчера друг говорит,
    что у меня ..."): in a paragraph of table story, such words outnumber the rule's one or two."""
    text = _INITIATIVE.sub("инициатива", text)
    text = _SAME.sub(" одинаковый ", _RECIPROCAL.sub(" другой ", text))
    # "тот же крит, который уже лежит": one idea said twice, read once
    if "уж" in text or "Уж" in text or "УЖ" in text:  # most questions say no "уже": no scan
        text = _ALREADY_HAS.sub(r" \1 " if " одинаковый " in text else r" одинаковый \1 ", text)
    text = _INCHES_RUN_ON.sub(" ", text)
    return [_question_stem(_IRREGULAR_PAST.get(word, word)) for word in words(text)
            if word not in _EN_STOP and word not in _RU_STOP and word not in _RU_CHAT]


def _question_stem(word: str) -> str:
    """A question word's stem; a Russian verbal noun whose stem the documents print only as a participle
    of another sense is read as its printed verb ("повышения": повыс, index.ru_derivation.verb_of_verbal_noun)."""
    found = stem(word)
    if word.endswith(VERBAL_NOUN_ENDINGS) and _RECORDED:  # a cheap look before the reading
        return verb_of_verbal_noun(word, found, printed_words) or found
    return found


_SAME_WORD = "одинаковый"  # stemmed on first use: stemming at import loads every Snowball language (~20 ms)


def idiom_readings(sentence: str) -> frozenset[str]:
    """The stem `question_stems` reads into "a thing the model already has" as a rule's sentence prints
    it ("Маркер ..., который у нее уже есть": одинаковый), so a question read "одинаковый" ("крит, который
    у корабля уже есть") finds the sentence saying it in the same words (the answer line reads both sides
    alike). Not "тот же" / "такой же": the book prints them for every "same" ("одного и того же Флота",
    "на той же самой Модели"), and read as "одинаковый" they answered players' "два одинаковых отряда"
    and "два куба выпали одинаковые" with those sentences (measured: four own sets lost a line)."""
    if "уж" in sentence.lower() and _ALREADY_HAS.search(sentence):
        return frozenset(stems(_SAME_WORD))
    return frozenset()


def phrase_stems(phrase: str) -> list[str]:
    """A player phrase's stems as a question holding it is read (`question_stems`), so a phrase key
    matches the question's run: "держаться друг от друга" is read "держаться другой" in both, "тот же
    крит" "одинаковый крит", "sunk" "sink"; a phrase of stopwords alone ("уже есть") has none. Read with
    `stems(keep_stopwords=True)`, a key that holds a stopword or a reading could never match. A phrase of
    several words read as one ("очень большой": большой) keeps its own stems: it would stand for every
    use of that one word, so it matches nothing, as before."""
    read = question_stems(phrase)
    return read if len(read) > 1 or len(words(phrase)) == 1 else stems(phrase, keep_stopwords=True)
