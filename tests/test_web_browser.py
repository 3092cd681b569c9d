"""The web page in a real headless Chromium: ask a question and see a cited passage;
fill the attack form and see the verdict and the odds chart.

Needs Debian's `chromium` and `chromium-driver` (installed by .ci/run); skipped with
that reason when they are absent. Selenium is given both paths, so it never tries
to download a browser or a driver.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from bot.http.app import create_app
from bot.http.server import ServerThread
from bot.service import Admiralty

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

pytestmark = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()),
    reason="needs Debian's chromium and chromium-driver (apt-get install -y chromium chromium-driver)",
)

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
    with ServerThread(create_app(service)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="admiralty-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in HEADLESS_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT_SECONDS)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _open(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(site + "/")
    WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
    )
    return By, WebDriverWait


def _console_errors(browser) -> list[str]:
    try:
        logs = browser.get_log("browser")
    except Exception:  # not every driver exposes the console
        return []
    return [entry["message"] for entry in logs if entry.get("level") == "SEVERE"]


def test_question_shows_cited_passages(browser, site):
    By, WebDriverWait = _open(browser, site)
    browser.find_element(By.ID, "question").send_keys("Fusillade: can the Admiral re-roll Blank results in a Broadside?")
    browser.find_element(By.ID, "ask-button").click()
    items = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "#ask-results li.result")
    )
    assert 1 <= len(items) <= 5
    citations = [item.find_element(By.CSS_SELECTOR, ".citation").text for item in items]
    assert all(citation.strip() for citation in citations)
    assert any("Fusillade" in citation and "Rules Glossary" in citation for citation in citations), citations
    passages = [item.find_element(By.CSS_SELECTOR, ".passage").text for item in items]
    assert any("re-roll Blank results" in passage for passage in passages)
    assert "found" in browser.find_element(By.ID, "ask-status").text
    assert not _console_errors(browser)


def test_html_in_a_question_is_shown_as_text(browser, site):
    By, WebDriverWait = _open(browser, site)
    hostile = '<img src=x id=pwned onerror="document.title=1"> ramming'
    browser.find_element(By.ID, "question").send_keys(hostile)
    browser.find_element(By.ID, "ask-button").click()
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_element(By.ID, "ask-status").text != "Searching…")
    assert browser.find_elements(By.ID, "pwned") == []
    assert browser.title.startswith("Admiralty")


def test_attack_form_shows_verdict_and_odds(browser, site, service):
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
    bars = browser.find_elements(By.CSS_SELECTOR, "#odds-chart svg rect.bar")
    assert bars, "no odds chart drawn"
    first = bars[0]
    assert first.get_attribute("data-damage") == "1"
    assert float(first.get_attribute("data-p")) == pytest.approx(expected["p_damage_at_least"]["1"])
    widths = [float(bar.get_attribute("width")) for bar in bars]
    assert widths == sorted(widths, reverse=True)  # "at least n" can only fall as n grows
    rows = browser.find_elements(By.CSS_SELECTOR, "#odds-table tr")
    assert len(rows) == len(bars) + 1
    assert rows[1].text.split() == ["1", f"{expected['p_damage_at_least']['1'] * 100:.1f}%"]
    citations = browser.find_elements(By.CSS_SELECTOR, "#referee-citations li")
    assert len(citations) == len(expected["citations"]) > 0


def test_referee_error_is_shown_with_its_field(browser, site):
    By, WebDriverWait = _open(browser, site)
    browser.find_element(By.CSS_SELECTOR, 'input[name="action"][value="ram"]').click()
    WebDriverWait(browser, WAIT_SECONDS).until(lambda b: b.find_elements(By.ID, "field-inches"))
    browser.find_element(By.ID, "referee-button").click()  # nothing filled in
    status = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda b: b.find_element(By.ID, "referee-status").text if "error" in
        b.find_element(By.ID, "referee-status").get_attribute("class") else None
    )
    assert "field:" in status
    assert not browser.find_element(By.ID, "referee-result").is_displayed()
