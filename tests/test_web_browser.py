"""The web page in a real headless Chromium, over a real server and the real index.

Covers what a player does: ask (answer line, highlighted quote, "Not in the rules" with
suggestions), shareable links (/?q=, /?rule=, /?attack=, /?assault=, /?ram=), the rule
lookup with autocomplete, the unit lookup, the referee form following the ruleset, assault
and ram results drawn, "Rules used" opening the passage, a phone-sized viewport that never
scrolls sideways, and the Russian interface for a browser that prefers Russian.

Needs Debian's `chromium` and `chromium-driver`; skipped with that reason when absent.
Selenium is given both paths, so it never downloads a browser or a driver.
"""
from __future__ import annotations

import re
import shutil
import tempfile
import urllib.parse
from pathlib import Path

import pytest

from bot.http.app import create_app
from bot.http.server import ServerThread
from bot.service import Admiralty

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
        reason="needs Debian's chromium and chromium-driver (apt-get install -y chromium chromium-driver)",
    ),
]

HEADLESS_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1280,1600",
]
WAIT_SECONDS = 60


@pytest.fixture(scope="module")
def service(built_settings) -> Admiralty:
    return Admiralty(built_settings)


@pytest.fixture(scope="module")
def site(service):
    app = create_app(service, referee_processes=1, ask_rate_per_minute=6000, ask_burst=1000)
    with ServerThread(app) as url:
        yield url


def _driver(language: str | None = None):
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="admiralty-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in HEADLESS_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    if language:
        options.add_argument(f"--lang={language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT_SECONDS)
    return driver, profile


@pytest.fixture(scope="module")
def browser():
    driver, profile = _driver("en-US")
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _open(browser, site, query: str = ""):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(site + "/" + query)
    WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
    )
    return By, WebDriverWait


def _wait_text(browser, element_id: str, not_equal: tuple[str, ...] = ("",)):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def ready(b):
        text = b.find_element(By.ID, element_id).text
        return text if text not in not_equal and not text.endswith("…") else None

    return WebDriverWait(browser, WAIT_SECONDS).until(ready)


def _query_of(browser) -> dict[str, list[str]]:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(browser.current_url).query, keep_blank_values=True)


def _console_errors(browser) -> list[str]:
    try:
        logs = browser.get_log("browser")
    except Exception:  # not every driver exposes the console
        return []
    # A refused request (4xx) is logged by Chromium itself; page errors are what matter here.
    return [e["message"] for e in logs if e.get("level") == "SEVERE" and "Failed to load resource" not in e["message"]]


# -- ask ------------------------------------------------------------------------------------


def test_question_shows_cited_passages_and_updates_the_address(browser, site):
    By, WebDriverWait = _open(browser, site)
    question = "Fusillade: can the Admiral re-roll Blank results in a Broadside?"
    browser.find_element(By.ID, "question").send_keys(question)
    browser.find_element(By.ID, "ask-button").click()
    items = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#ask-results li.result")
    )
    assert 1 <= len(items) <= 5
    citations = [item.find_element(By.CSS_SELECTOR, ".citation").text for item in items]
    # corpus/manifest.toml titles the 4th-edition file "Dystopian Wars Rules Glossary"
    assert any("Fusillade" in citation and "Rules Glossary" in citation for citation in citations), citations
    assert not any(name in " ".join(citations) for name in (".cat", ".md", ".txt")), citations
    passages = [item.find_element(By.CSS_SELECTOR, ".passage").text for item in items]
    assert any("re-roll Blank results" in passage for passage in passages)
    assert _query_of(browser)["q"] == [question]  # a link that reproduces the answer
    assert not _console_errors(browser)


def test_shared_question_link_runs_and_shows_the_answer_first(browser, site, service):
    question = "what happens after ramming? consequences of ramming"
    By, WebDriverWait = _open(browser, site, "?" + urllib.parse.urlencode({"q": question, "edition": "dw4"}))
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#ask-results li.result"))
    expected = service.ask(question, edition="dw4")
    assert browser.find_element(By.ID, "question").get_attribute("value") == question
    if expected.get("answer"):
        answer = browser.find_element(By.ID, "ask-answer")
        assert answer.is_displayed()
        # the answer box comes before the passages in the page
        assert browser.execute_script(
            "return document.getElementById('ask-answer').compareDocumentPosition("
            "document.getElementById('ask-results')) & Node.DOCUMENT_POSITION_FOLLOWING") != 0
        first_words = expected["answer"]["quote"].replace("*", "").split()[:4]
        assert " ".join(first_words) in " ".join(answer.text.split())  # a quote's line breaks show as lines
    marked = browser.find_elements(By.CSS_SELECTOR, "#ask-results mark")
    if any(result.get("highlight") for result in expected["results"]):
        assert marked and all(mark.text.strip() for mark in marked)
    # Markdown is removed, not shown: the glossary's "**CONSEQUENCES OF RAMMING**" reads as words.
    text = browser.find_element(By.ID, "search").text
    assert "*CONSEQUENCES" not in text and "**" not in text
    assert "CONSEQUENCES OF RAMMING" in text


def test_html_in_a_question_is_shown_as_text(browser, site):
    By, WebDriverWait = _open(browser, site)
    hostile = '<img src=x id=pwned onerror="document.title=1"> ramming'
    browser.find_element(By.ID, "question").send_keys(hostile)
    browser.find_element(By.ID, "ask-button").click()
    _wait_text(browser, "ask-status")
    assert browser.find_elements(By.ID, "pwned") == []
    assert browser.title.startswith("Admiralty")


def test_not_in_the_rules_offers_rule_links(browser, site, service):
    question = "rules for the zeppelin tea party"
    expected = service.ask(question)
    if expected.get("status") != "not_found":
        pytest.skip("the search answers this question; nothing to show as not found")
    By, WebDriverWait = _open(browser, site, "?" + urllib.parse.urlencode({"q": question}))
    box = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_element(By.ID, "ask-not-found") if b.find_element(By.ID, "ask-not-found").is_displayed()
        else None
    )
    assert "Not in the rules" in box.text
    links = browser.find_elements(By.CSS_SELECTOR, "#ask-suggestions a")
    assert [link.text for link in links] == [name.replace("*", "") for name in expected["suggestions"]]
    if links:
        links[0].click()
        _wait_text(browser, "rule-status")
        assert browser.find_element(By.ID, "term").get_attribute("value") == expected["suggestions"][0]


# -- rule lookup, units ------------------------------------------------------------------------


def test_rule_lookup_with_autocomplete_and_link(browser, site):
    By, WebDriverWait = _open(browser, site)
    term = browser.find_element(By.ID, "term")
    term.send_keys("Pier")
    options = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: [o.get_attribute("value") for o in b.find_elements(By.CSS_SELECTOR, "#term-options option")]
    )
    assert "Piercing" in options  # the glossary defines the Piercing quality
    term.clear()
    term.send_keys("Piercing")
    browser.find_element(By.ID, "rule-button").click()
    entries = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#rule-entries .entry"))
    assert any("Piercing" in entry.text and "Rules Glossary" in entry.text for entry in entries)
    assert _query_of(browser)["rule"] == ["Piercing"]
    # the same link opened fresh shows the same entries
    By, WebDriverWait = _open(browser, site, "?rule=Piercing")
    again = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#rule-entries .entry"))
    assert len(again) == len(entries)


def test_unit_lookup(browser, site):
    By, WebDriverWait = _open(browser, site)
    if not browser.find_element(By.ID, "units").is_displayed():
        pytest.skip("this server has no unit profiles")
    browser.find_element(By.ID, "unit-name").send_keys("Borodino")
    browser.find_element(By.ID, "unit-button").click()
    unit = WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#unit-results .unit"))
    # the Quick Reference lists the Borodino Battleship with Armour 7 / Citadel 14 battle ready
    text = unit[0].text
    assert "Borodino" in text and "armour" in text.lower()
    assert unit[0].find_elements(By.CSS_SELECTOR, "table.stats tr")


# -- the referee ------------------------------------------------------------------------------


def test_attack_form_shows_inputs_verdict_and_odds(browser, site, service):
    By, WebDriverWait = _open(browser, site)
    browser.find_element(By.CSS_SELECTOR, 'input[name="action"][value="attack"]').click()
    for name, value in (("dice", "12"), ("armour", "5"), ("citadel", "8")):
        field = browser.find_element(By.ID, f"field-{name}")
        field.clear()
        field.send_keys(value)
    browser.find_element(By.ID, "referee-button").click()
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_element(By.ID, "referee-result").is_displayed())

    expected = service.referee("attack", {"dice": 12, "armour": 5, "citadel": 8})
    assert browser.find_element(By.ID, "verdict").text == expected["verdict"]
    bars = browser.find_elements(By.CSS_SELECTOR, "#odds-chart .bar-row")
    assert bars, "no odds chart drawn"
    assert bars[0].get_attribute("data-key") == "1"
    assert float(bars[0].get_attribute("data-p")) == pytest.approx(expected["p_damage_at_least"]["1"])
    chances = [float(bar.get_attribute("data-p")) for bar in bars]
    assert chances == sorted(chances, reverse=True)  # "at least n" can only fall as n grows
    rows = browser.find_elements(By.CSS_SELECTOR, "#odds-table tr")
    assert len(rows) == len(bars) + 1  # the table shows the same quantity as the chart
    assert rows[1].text.split() == ["1", f"{expected['p_damage_at_least']['1'] * 100:.1f}%"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#referee-citations li")) == len(expected["citations"]) > 0
    if expected.get("inputs"):
        inputs = browser.find_element(By.ID, "referee-inputs")
        assert inputs.is_displayed() and inputs.location["y"] < browser.find_element(By.ID, "verdict").location["y"]
    assert _query_of(browser)["dice"] == ["12"]


def test_shared_attack_link_reads_the_free_text(browser, site, service):
    text = "21 dice vs armour 6 citadel 9, defence 7, obscured, devastating"
    By, WebDriverWait = _open(browser, site, "?" + urllib.parse.urlencode({"attack": text}))
    verdict = _wait_text(browser, "verdict")
    expected = service.referee("attack", {"description": text})
    assert verdict == expected["verdict"]
    assert browser.find_element(By.ID, "field-description").get_attribute("value") == text
    understood = browser.find_element(By.ID, "referee-inputs")
    rows = expected.get("understood") or []
    if rows:
        assert understood.is_displayed()
        assert understood.location["y"] < browser.find_element(By.ID, "verdict").location["y"]
        for row in rows:  # each input named and said as the service words it in the page's language
            assert row["label"] in understood.text and row["value"] in understood.text


def test_assault_link_draws_the_six_result_rows(browser, site, service):
    query = urllib.parse.urlencode({"assault": "", "fray": 6, "support": 2, "target_citadel": 8, "target_adv": 4})
    By, WebDriverWait = _open(browser, site, "?" + query)
    _wait_text(browser, "verdict")
    rows = browser.find_elements(By.CSS_SELECTOR, "#referee-outcomes .bars.outcomes .bar-row")
    expected = service.referee("assault", {"fray": 6, "support": 2, "target_citadel": 8, "target_adv": 4})
    # dw3's boarding table: Counter Assault, Repelled, Havoc, Brutal Strike, Catastrophic Damage, Massacre
    assert len(rows) == 6 == len(expected["p_result"])
    assert sum(float(row.get_attribute("data-p")) for row in rows) == pytest.approx(1.0, abs=1e-9)
    assert rows[0].text.startswith("Counter Assault")


def test_ram_link_draws_both_outcomes(browser, site, service):
    params = {"ruleset": "dw4", "hull": 6, "inches": 5, "target_mass": 2, "rammer_mass": 3, "heavy_prow": 2, "crew": 4}
    By, WebDriverWait = _open(browser, site, "?" + urllib.parse.urlencode({"ram": "", **params}))
    _wait_text(browser, "verdict")
    expected = service.referee("ram", params)
    crew = browser.find_elements(By.CSS_SELECTOR, '#referee-outcomes .bar-row[data-key^="crew_"]')
    # dw4 Ram: the Crew Check passes (the ram) or fails (a Collision): two rows that add up to 1
    assert len(crew) == 2
    assert float(crew[0].get_attribute("data-p")) == pytest.approx(expected["p_crew_pass"])
    assert browser.find_elements(By.CSS_SELECTOR, ".ram-target .bar-row")
    assert browser.find_elements(By.CSS_SELECTOR, ".ram-rammer .bar-row")
    shared = _query_of(browser)  # the address still says which action, so the link reproduces it
    assert "ram" in shared and shared["crew"] == ["4"]


def test_form_follows_the_ruleset(browser, site):
    from selenium.webdriver.support.ui import Select

    By, WebDriverWait = _open(browser, site)
    browser.find_element(By.CSS_SELECTOR, 'input[name="action"][value="ram"]').click()
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_elements(By.ID, "field-ruleset"))

    def visible(name: str) -> bool:
        return browser.execute_script(
            f"const l = document.querySelector('label[data-field=\"{name}\"]'); return !!l && !l.hidden;")

    ruleset = Select(browser.find_element(By.ID, "field-ruleset"))
    ruleset.select_by_value("dw4")
    # ParamSpec help: crew is "dw4: ramming model's Crew rating", ramming is "(dw3)" only
    assert visible("crew") and not visible("ramming") and not visible("target_citadel")
    ruleset.select_by_value("dw3")
    assert visible("ramming") and visible("target_citadel") and not visible("crew")
    assert visible("hull") and visible("inches")  # used by every ruleset


def test_rules_used_opens_the_cited_passage(browser, site):
    By, WebDriverWait = _open(browser, site, "?" + urllib.parse.urlencode(
        {"attack": "", "dice": 12, "armour": 5, "citadel": 8}))
    _wait_text(browser, "verdict")
    first = next(item for item in browser.find_elements(By.CSS_SELECTOR, "#referee-citations li")
                 if item.find_elements(By.CSS_SELECTOR, "button.open-passage"))
    section = first.find_element(By.CSS_SELECTOR, ".section").text
    assert not any(name in first.text for name in (".cat", ".md", ".txt"))  # a title, not a file name
    first.find_element(By.CSS_SELECTOR, "button.open-passage").click()
    entries = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#rule-entries .entry") or
        ("error" in b.find_element(By.ID, "rule-status").get_attribute("class") and [None])
    )
    assert entries[0] is not None, browser.find_element(By.ID, "rule-status").text
    assert any(section.lower() in entry.text.lower() for entry in entries)


def test_referee_error_is_shown_with_its_field(browser, site):
    By, WebDriverWait = _open(browser, site)
    browser.find_element(By.CSS_SELECTOR, 'input[name="action"][value="ram"]').click()
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_elements(By.ID, "field-inches"))
    browser.find_element(By.ID, "referee-button").click()  # nothing filled in
    status = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_element(By.ID, "referee-status").text if "error" in
        b.find_element(By.ID, "referee-status").get_attribute("class") else None
    )
    # one error format: the message names its field once (issue 21), never again as "(field: …)"
    assert status and "field:" not in status and "(" in status
    assert not browser.find_element(By.ID, "referee-result").is_displayed()


# -- phone, Russian ------------------------------------------------------------------------------


def test_phone_viewport_never_scrolls_sideways(browser, site):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    try:
        for query in ("", "?q=" + urllib.parse.quote("how many dice does a ram get?"),
                      "?attack=" + urllib.parse.quote("21 dice vs armour 6 citadel 9, devastating"),
                      "?unit=Borodino", "?rule=Piercing"):
            By, WebDriverWait = _open(browser, site, query)
            if query.startswith("?attack"):
                _wait_text(browser, "verdict")
            elif query:
                status = {"?q": "ask-status", "?u": "unit-status", "?r": "rule-status"}[query[:2]]
                _wait_text(browser, status)
            width = browser.execute_script("return document.scrollingElement.scrollWidth")
            assert width <= 390, (query, width)
        # the odds labels keep a readable size (an SVG scaled to the width would shrink them)
        size = browser.execute_script(
            "const e = document.querySelector('#odds-chart .bar-label');"
            "return e ? parseFloat(getComputedStyle(e).fontSize) : 99;")
        assert size >= 12
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_russian_interface_when_the_browser_prefers_russian(site):
    driver, profile = _driver("ru-RU")
    try:
        By, WebDriverWait = _open(driver, site)
        assert driver.execute_script("return navigator.languages[0]").startswith("ru")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
        assert driver.find_element(By.ID, "ask-button").text == "Найти"
        assert driver.find_element(By.ID, "search-title").text == "Спросить правила"
        assert driver.find_element(By.ID, "referee-button").text == "Рассчитать шансы"
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


# -- fleets -------------------------------------------------------------------------------------

SHARED_DW3 = Path("/work/shared/data/bsdata-dw3")


@pytest.fixture(scope="module")
def fleet_site(tmp_path_factory):
    """A server over its own data directory holding the dw3 catalogues and a one-battleship roster."""
    if not SHARED_DW3.is_dir():
        pytest.skip("the shared BattleScribe data is not on this machine")
    from core.settings import Settings
    from tests.roster_builder import Catalogues, write_rosz

    folder = tmp_path_factory.mktemp("fleet-site")
    cats = Catalogues(SHARED_DW3)
    borodino = cats.entry("Commonwealth.cat", "Borodino Battleship")
    roster = write_rosz(folder / "commonwealth.rosz", "Commonwealth Test Fleet", "Dystopian Wars 3.0",
                        "Commonwealth v3.06", [cats.selection(borodino, borodino)])
    fleet_service = Admiralty(Settings.from_env().with_data_dir(folder / "data"), build_if_stale=False)
    fleet_service.import_units([str(SHARED_DW3)])
    fleet_service.import_fleet(str(roster))
    app = create_app(fleet_service, referee_processes=1)
    with ServerThread(app) as url:
        yield url, fleet_service


def test_fleet_form_draws_every_ship_weapon_and_band(browser, fleet_site):
    url, fleet_service = fleet_site
    By, WebDriverWait = _open(browser, url)
    browser.find_element(By.ID, "fleet-target").send_keys("Lovelace")
    browser.find_element(By.ID, "fleet-button").click()
    rows = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#fleet-results table.fleet tr"))
    expected = fleet_service.fleet_vs("Lovelace")
    assert len(rows) == len(expected["rows"]) + 1  # a header, then one row per ship × weapon × band
    cells = [[td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows[1:]]
    # the roster's Borodino Battleship carries Heavy Gun Batteries (Commonwealth.cat, bsdata-dw3)
    assert any(c[0] == "Borodino Battleship" and c[1] == "Heavy Gun Battery" for c in cells)
    first = next(r for r in expected["rows"] if "cannot" not in r)
    shown = next(c for c in cells if c[:4] == [first["ship"], first["weapon"], str(first["mounts"]), first["band"]])
    assert shown[4] == str(first["dice"]) and shown[6] == f"{100 * first['p_damage']:.1f}%"
    status = browser.find_element(By.ID, "fleet-status").text
    assert str(len(expected["rows"])) in status and "Lovelace" in status
    assert not _console_errors(browser)


def test_fleet_form_without_a_fleet_says_so(browser, site):
    By, WebDriverWait = _open(browser, site)
    browser.find_element(By.ID, "fleet-target").send_keys("Lovelace")
    browser.find_element(By.ID, "fleet-button").click()
    # "Looking up…" shows first; the answer is the status once it turns into an error.
    status = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_element(By.ID, "fleet-status").text
        if "error" in (b.find_element(By.ID, "fleet-status").get_attribute("class") or "") else None)
    assert "fleet" in status.lower() and not browser.find_elements(By.CSS_SELECTOR, "#fleet-results table")


# -- the page's language everywhere (issue 21) ------------------------------------------------

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
# Words a Russian page may show in Latin letters: document titles and rule names as printed,
# abbreviations, and the probability sign.
KEPT_LATIN = re.compile(r"Dystopian Wars[^\n]*|Quick Reference|Rulebook|Glossary|[A-Z]{2,}|P\(")


def _english_lines(text: str) -> list[str]:
    return [line for line in text.split("\n")
            if LATIN_WORD.search(KEPT_LATIN.sub("", line)) and not CYRILLIC.search(line)]


def _russian_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if CYRILLIC.search(line)]


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("language", ["en-US", "ru-RU"])
def test_referee_result_unit_card_and_error_in_the_pages_language(site, language, width):
    """The attack is written in English words on purpose: a Russian page still gets a Russian answer."""
    driver, profile = _driver(language)
    russian = language.startswith("ru")
    try:
        driver.set_window_size(width, 900)
        if width < 500:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 844, "deviceScaleFactor": 3, "mobile": True})
        By, WebDriverWait = _open(driver, site, "?attack=" + urllib.parse.quote("12 dice vs armour 5 citadel 8"))
        _wait_text(driver, "verdict")
        shown = driver.find_element(By.ID, "referee-result").text
        if russian:
            assert "кубов" in driver.find_element(By.ID, "verdict").text
            assert "броня" in shown and "цитадель" in shown  # the Understood box: keys in Russian
            assert _english_lines(shown) == []
        else:
            assert driver.find_element(By.ID, "verdict").text.startswith("12 dice")
            # the 3.03 book the numbers follow is cited in Russian, labelled, after the English text
            cited = driver.find_element(By.ID, "referee-citations").text
            assert "Dystopian Wars Quick Reference" in cited.split("\n")[0]
            assert _russian_lines(shown.replace(cited, "")) == []

        _open(driver, site, "?unit=Borodino")
        _wait_text(driver, "unit-status")
        card = driver.find_element(By.ID, "unit-results").text
        assert ("Оружие" if russian else "Weapons") in card
        assert "8(4)" in card or "/" in card  # one weapon notation: lead(support) / crippled

        By, WebDriverWait = _open(driver, site)
        driver.find_element(By.CSS_SELECTOR, 'input[name="action"][value="attack"]').click()
        WebDriverWait(driver, WAIT_SECONDS).until(lambda b: b.find_elements(By.ID, "field-dice"))
        driver.find_element(By.ID, "field-dice").send_keys("12")
        driver.find_element(By.ID, "referee-button").click()  # no armour
        status = WebDriverWait(driver, WAIT_SECONDS).until(
            lambda b: b.find_element(By.ID, "referee-status").text if "error" in
            b.find_element(By.ID, "referee-status").get_attribute("class") else None)
        if russian:
            assert "Не задана Броня цели" in status and _english_lines(status) == []
        else:
            assert "Armour is needed" in status and _russian_lines(status) == []
        if width < 500:
            assert driver.execute_script("return document.scrollingElement.scrollWidth") <= width
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
