"""The one door: every front end (CLI, HTTP, Discord) calls these methods and nothing else.

The CLI's `--json`, the HTTP API and the Discord bot all call `Admiralty`, so the three
always return the same data. The model and index load lazily, once; the service (not
the searcher) decides when the index is built. Front ends import the concepts they
need from here too: the parameter specs and the user-error base.
"""
from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from core.errors import ServiceUnavailableError, TooExpensiveError, UserInputError
from core.messages import LANGS, Phrase, accept_language, choose_lang, error_text, normalise_lang, text, text_lang
from core.numbers import tidy
from core.params import Kind, ParamSpec, coerce, coerce_all, show_params, spec_named
from core.settings import Settings
from index.params import ASK_PARAMS, COMPLETE_PARAMS, RULE_PARAMS

T = TypeVar("T")

if TYPE_CHECKING:  # heavy modules: imported on first use only
    from index.freshness import IndexStatus
    from index.search import Searcher
    from index.terms import TermBook
    from units.book import UnitBook

__all__ = [
    "ASK_PARAMS", "COMPLETE_PARAMS", "LANGS", "LANG_PARAM", "RULE_PARAMS", "Admiralty", "Kind", "ParamSpec",
    "ServiceUnavailableError", "TooExpensiveError", "UserInputError", "accept_language", "choose_lang", "coerce",
    "coerce_all", "error_text", "normalise_lang", "referee_actions", "referee_params", "show_params", "spec_named",
    "text", "text_lang",
]

# The player's language for the texts of an answer (verdict, notes, assumptions, errors, unit cards):
# one field, the same in every front end that takes it as input (HTTP body, CLI --lang).
LANG_PARAM = ParamSpec("lang", Kind.CHOICE, "the language of the answer's texts: en or ru "
                       "(default: the Accept-Language header, else the description's language)", choices=LANGS)


def referee_params(action: str) -> list[ParamSpec]:
    """The parameters one referee action accepts (the source of every front end's options)."""
    from referee.params import PARAMS

    if action not in PARAMS:
        raise UserInputError(f"unknown action {action[:20]!r}; choose one of {', '.join(PARAMS)}", "action")
    from units.params import merged_params  # attacker/weapon/target/… (issue 10), resolved in referee()

    return merged_params(action, list(PARAMS[action]))


def referee_actions() -> dict[str, str]:
    """Every referee action (attack, assault, ram, and the ones added since) with its one-line help."""
    from referee.actions import ACTION_HELP

    return dict(ACTION_HELP)


@contextmanager
def _collection_paused() -> Iterator[None]:
    """Loading the index makes some 10^5 objects that live as long as the process; the cyclic
    collector would walk them over and over while they are made (about a tenth of a cold start)
    and free nothing. Reference counting still frees everything else meanwhile."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:  # a nested or concurrent pause leaves re-enabling to the outermost
            gc.enable()


class Admiralty:
    """Process-wide entry point; thread-safe for use from an executor."""

    def __init__(self, settings: Settings | None = None, *, build_if_stale: bool = True,
                 progress: bool = False) -> None:
        """`build_if_stale`: build the index on first use when it is missing or stale (the CLI and a
        single-host server); a replica that must only serve a copied index passes False."""
        self.settings = settings or Settings.from_env()
        self.build_if_stale = build_if_stale
        self.progress = progress
        self._lock = threading.RLock()  # re-entrant: making one object may need another
        self._loaded: dict[str, Any] = {}

    # -- index lifecycle ---------------------------------------------------------------------
    def _live_build(self) -> Path:
        """The fresh build directory, building it first when allowed (called under the lock)."""
        from index.freshness import fresh_build, index_status

        status = index_status(self.settings)
        if self.build_if_stale and not status.fresh:
            from index.build import ensure_index

            return ensure_index(self.settings, progress=self.progress)
        return fresh_build(self.settings, status)

    def _once(self, name: str, make: Callable[[], T], stale: Callable[[T], bool] | None = None) -> T:
        """The object kept under `name`, made once even when the first requests arrive together on
        several threads (and made again when `stale` says so)."""
        value = self._loaded.get(name)
        if value is None or (stale is not None and stale(value)):
            with self._lock:
                value = self._loaded.get(name)
                if value is None or (stale is not None and stale(value)):
                    with _collection_paused():
                        value = self._loaded[name] = make()
        return cast(T, value)

    @property
    def searcher(self) -> Searcher:
        """The model and the index (torch, FAISS): loaded on first use."""
        def load() -> Searcher:
            from index.search import Searcher  # numpy, FAISS, the encoder: imported on first use

            return Searcher(self.settings, self._live_build())

        return self._once("searcher", load)

    @property
    def terms(self) -> TermBook:
        """SQLite only: no torch, so `rule` starts fast (unless the index must be rebuilt first)."""
        def load() -> TermBook:
            from index.terms import TermBook

            return TermBook(self.settings, self._live_build())

        return self._once("terms", load)

    def warm(self) -> None:
        """Load the model and index now, and open the encoder session and precompute per-rule
        data, rather than on the first requests."""
        searcher = self.searcher
        with _collection_paused():
            searcher.warm()

    def build_index(self, progress: bool = True) -> Path:
        """Rebuild now (re-embeds only changed passages); later lookups use the new build."""
        from index.build import build_index

        with self._lock:
            build = build_index(self.settings, progress=progress)
            self._loaded.clear()
        return build

    def index_status(self) -> IndexStatus:
        from index.freshness import index_status

        return index_status(self.settings)

    # -- rules -------------------------------------------------------------------------------
    def validate_ask(self, question: str, k: int = 5, game: str | None = None, edition: str | None = None,
                     lang: str | None = None) -> None:
        """Fail in milliseconds on bad input, before the model loads."""
        from index.manifest import load_manifest, resolve_edition, resolve_game, resolve_language

        coerce_all(ASK_PARAMS, {"question": question, "k": k, "game": game, "edition": edition, "lang": lang})
        docs = load_manifest(self.settings.corpus_dir)
        resolve_game(game, docs), resolve_edition(edition, docs), resolve_language(lang, docs)

    def ask(
        self,
        question: str,
        k: int = 5,
        game: str | None = None,
        edition: str | None = None,
        lang: str | None = None,
        mode: str = "hybrid",
    ) -> dict[str, Any]:
        """The answer line and the passages for a question, as the `ask --json` dict."""
        # to_json tidies its numbers itself (the one float, each result's score)
        result: dict[str, Any] = self.searcher.ask(question, k=k, game=game, edition=edition, lang=lang,
                                                   mode=mode).to_json()
        return result

    def rule(self, term: str, edition: str | None = None) -> dict[str, Any]:
        """Every edition's entry for a rule name (exact, alias, translated, then fuzzy)."""
        from index.manifest import load_manifest, resolve_edition
        from index.terms import validate_term

        validate_term(term)
        if edition:  # bad input fails before any build (the manifest is read only when there is one to check)
            resolve_edition(edition, load_manifest(self.settings.corpus_dir))
        return self.terms.lookup(term, edition=edition).to_json()

    def complete_terms(self, prefix: str, limit: int = 25) -> list[str]:
        return self.terms.complete(prefix, limit=limit)

    def sources(self) -> list[dict[str, Any]]:
        """The documents answered from: title, game, edition, version, language."""
        from index.manifest import load_manifest

        return [doc.to_json() for doc in load_manifest(self.settings.corpus_dir)]

    # -- referee -----------------------------------------------------------------------------
    def referee(self, action: str, params: Mapping[str, Any],
                defaults: Mapping[str, Any] | None = None, style: str = "plain",
                lang: str | None = None) -> dict[str, Any]:
        """Resolve a referee action. Explicit values beat the free-text description, which beats
        `defaults` (a Discord server's ruleset, say). Inputs named in the result's texts are
        rendered in the front end's `style` ("cli": --flags; otherwise parameter names). `lang`
        is the player's language (None: the description's); every text of the result follows it."""
        try:
            return self._referee(action, params, defaults, style, lang)
        except UserInputError as exc:  # its one line in the language the answer would have had
            exc.lang = exc.lang or lang or text_lang(params.get("description"))
            raise

    def _referee(self, action: str, params: Mapping[str, Any], defaults: Mapping[str, Any] | None,
                 style: str, lang: str | None) -> dict[str, Any]:
        from referee.api import resolve
        from referee.report import show_params_in_result

        # UNIT PROFILES HOOK: unit names (attacker/weapon/target) become referee values here.
        provenance: list[dict[str, Any]] = []
        unit_notes: list[str] = []
        if _may_name_units(action, params):
            from units.apply import apply_profiles

            # the description's language, read before unit names are taken out of it (a description left
            # empty, or with English words only, must not turn a Russian request's answer English)
            lang = lang or text_lang(params.get("description"))
            params, provenance, unit_notes = apply_profiles(lambda: self.units, action, params, defaults, lang)
        result = resolve(action, params, defaults, lang=lang)
        from referee.labels import understood_rows

        result["understood"] = understood_rows(result.get("inputs") or {}, result.get("lang", "en"))
        if provenance:
            result["inputs_from_profiles"] = provenance
            if unit_notes:
                result["unit_notes"] = unit_notes
        shown: dict[str, Any] = tidy(show_params_in_result(result, style))  # numbers rounded once, here
        return shown

    def referee_qualities(self, ruleset: str | None = None) -> list[str]:
        """The weapon qualities the referee knows for `ruleset` (its default when None), sorted:
        what a front end offers for the `quality` option."""
        from referee.rulesets import get  # an unknown ruleset raises the referee's InputError (a UserInputError)

        return sorted(get(ruleset).qualities)

    # -- unit profiles (issue 10; units/) ------------------------------------------------------
    @property
    def units(self) -> UnitBook:
        """The quick reference's cards plus imported BattleScribe profiles, loaded once (rapidfuzz and
        sqlite3 only: no torch, numpy or lxml); an import by another process (the CLI) is seen at once."""
        from units.book import UnitBook

        return self._once("units", lambda: UnitBook(self.settings.data_dir, self.settings.corpus_dir),
                          stale=lambda book: book.stale())

    def unit(self, name: str, rule_texts: bool = True) -> dict[str, Any]:
        """The `unit --json` answer; with `rule_texts`, special rules get their glossary/rulebook
        text where the index is built (that loads the TermBook: numpy and lxml, so the CLI asks
        for it only with --rule-texts to keep its cold start fast)."""
        from units.params import UNIT_NAME
        from units.rules_text import add_corpus_texts

        coerce(UNIT_NAME, name)  # control characters and over-long names refused as for every text input
        result = self.units.lookup(name)
        if rule_texts:
            add_corpus_texts(result, self._unit_termbook())
        return result

    def _unit_termbook(self) -> TermBook | None:
        """The TermBook if the index is built and fresh; None otherwise (never builds: a lookup stays fast)."""
        if "terms" not in self._loaded and not self.index_status().fresh:
            return None
        try:
            return self.terms
        except (UserInputError, OSError):
            return None

    def complete_units(self, prefix: str, limit: int = 25) -> list[str]:
        return self.units.complete(prefix, limit=limit)

    def unit_weapons(self, unit: str) -> list[str]:
        return self.units.weapons(unit)

    def units_status(self) -> dict[str, Any]:
        return self.units.status()

    def import_units(self, paths: list[str]) -> dict[str, Any]:
        """Import BattleScribe files/folders (all or nothing); later lookups see the new profiles."""
        from units.book import import_files

        with self._lock:
            result = import_files(self.settings.data_dir, list(paths))
            self._loaded.pop("units", None)
        return result

    # -- fleets (issue 17; units/fleet.py) ----------------------------------------------------
    def import_fleet(self, roster: str, scope: str | None = None) -> dict[str, Any]:
        """Read a BattleScribe/New Recruit roster (.rosz or .ros) and keep it as the current fleet (of `scope`:
        a Discord server's own fleets; None: the data directory's)."""
        from units.fleet import import_fleet

        return import_fleet(self.settings.data_dir, roster, scope)

    def fleet(self, name: str | None = None, scope: str | None = None) -> dict[str, Any]:
        """The `fleet show` answer: the fleet's ships, their weapons (mounts, arcs), points and rules."""
        from units.fleet import get_fleet, summary

        return summary(get_fleet(self.settings.data_dir, name, scope=scope))

    def fleet_vs(self, target: str, fleet: str | None = None, ruleset: str | None = None, lang: str | None = None,
                 scope: str | None = None) -> dict[str, Any]:
        """What the fleet can do to one target: every ship × weapon × range band, with exact odds; every text
        in the player's `lang`. Each row is one referee attack, so its dice are the referee's pool (shield
        dice and card rules subtracted as in a single attack).

        The fleet's edition decides the rules (a dw3 roster: the dw3 rulebook; a dw4 roster: dw4);
        a ruleset of the other edition is refused, as its profiles cannot be used."""
        from referee.api import resolve
        from units.fleet import attack_rows, card_notes, get_fleet
        from units.messages import refusal, unit_label_text

        lang = choose_lang(lang)
        chosen = get_fleet(self.settings.data_dir, fleet, scope=scope)
        edition = chosen["edition"]
        rules = ruleset or edition
        if ("dw4" if rules.startswith("dw4") else "dw3") != edition:
            raise refusal("units.err.fleet_edition", "ruleset", "wrong_edition", name=chosen["name"],
                          edition=Phrase(f"units.edition.{edition}"), rules=rules)
        unit = self.units.get(target, "target", edition)
        rows: list[dict[str, Any]] = []
        citations: dict[str, Any] = {}
        notes: list[str] = []
        cards: list[tuple[str, str, list[tuple[str, str]]]] = []
        title = None
        for row in attack_rows(chosen, unit, edition, lang):
            params = row.pop("params", None)
            notes.extend(f"{row['ship']}: {n}" for n in row.pop("notes", []))
            cards.append((row["ship"], row["weapon"], row.pop("card_notes", [])))
            if params is None:
                rows.append(row)
                continue
            params["ruleset"] = rules
            try:
                result = resolve("attack", params, lang=lang)
            except UserInputError as exc:  # one row the referee cannot resolve does not sink the table
                row["cannot"] = show_params(error_text(exc, lang), "api")
                rows.append(row)
                continue
            title = title or result.get("ruleset_title")
            for c in result.get("citations", []):
                citations.setdefault(c["section"], c)
            at_least = result.get("p_damage_at_least") or {}
            row.update({"dice": result["pool"], "expected_damage": result.get("expected_damage"),
                        "p_damage": at_least.get("1", 0.0), "p_crippled": result.get("p_crippled"),
                        "p_destroyed": result.get("p_destroyed")})
            rows.append(row)
        table = {"fleet": chosen["name"], "edition": edition, "ruleset": rules, "ruleset_title": title,
                 "target": unit_label_text(unit, lang), "lang": lang, "rows": rows,
                 "notes": list(dict.fromkeys(notes)) + card_notes(cards), "citations": list(citations.values())}
        shown: dict[str, Any] = tidy(table)
        return shown

    def remove_units(self, source: str) -> dict[str, Any]:
        """Remove one imported BattleScribe file (file name, catalogue name or id) and its units."""
        from units.book import remove_source

        with self._lock:
            result = remove_source(self.settings.data_dir, source)
            self._loaded.pop("units", None)
        return result


def _may_name_units(action: str, params: Mapping[str, Any]) -> bool:
    """Whether unit profiles can matter: a unit input, or a description that may name a unit. Otherwise
    the unit book (rapidfuzz, SQLite, the quick-reference cards) is not even imported: a faster
    `admiralty attack`."""
    from units.params import UNIT_INPUT_NAMES, UNIT_PARAMS

    if action not in UNIT_PARAMS:
        return False
    return any(params.get(name) not in (None, "", []) for name in (*UNIT_INPUT_NAMES, "description"))


def referee_action_specs() -> Mapping[str, Sequence[ParamSpec]]:
    """Every action with its specs, for front ends that generate one command per action."""
    return {action: referee_params(action) for action in referee_actions()}
