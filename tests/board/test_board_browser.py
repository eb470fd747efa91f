"""The board in a real headless Chromium (Debian's package, driven by Selenium through
Debian's chromedriver): open a record, step through it by button and key, read the badges
against the review's values, jump by the graph, open a share link, paste a bad record and
see the error panel, cancel a long analysis. With ``PINOSOLVE_SCREENSHOTS=docs`` the main
views are saved into ``docs/`` (``docs/board-*.png``)."""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request

import pytest

from tests.board.conftest import start_board, stop_board
from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
IN_CI = os.environ.get("CI") == "true"
pytestmark = pytest.mark.skipif((CHROMIUM is None or DRIVER is None) and not IN_CI,
                                reason="no Chromium and chromedriver here (.ci/run installs "
                                       "Debian's)")


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and DRIVER, "CI installs chromium and chromium-driver (.ci/run)"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1200",
                "--disable-background-networking", "--no-first-run"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def board():
    running = start_board("docs/examples/four-hand-review.toml")
    yield running
    stop_board(running)


def wait(driver, check, seconds=60.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            got = check(driver)
            if got:
                return got
        except Exception:  # (the page is still drawing)
            pass
        time.sleep(0.1)
    raise AssertionError(f"the page never got there; error panel: "
                         f"{driver.find_element('id', 'error').text!r}")


def shot(driver, name):
    if os.environ.get("PINOSOLVE_SCREENSHOTS") == "docs":
        driver.save_screenshot(str(ROOT / "docs" / f"board-{name}.png"))


def paste(browser, board, text):
    """The board opened afresh, ``text`` pasted into it and opened."""
    browser.get(board.url)
    wait(browser, lambda d: d.find_elements("css selector", "#graph circle"))
    area = browser.find_element("id", "record-text")
    area.clear()
    area.send_keys(text)
    browser.find_element("id", "open-text").click()


def _review(board):
    req = urllib.request.Request(board.url + "api/variants")
    record = json.load(urllib.request.urlopen(req))["record"]
    req = urllib.request.Request(board.url + "api/record", json.dumps({"text": record}).encode(),
                                 {"Content-Type": "application/json"})
    rec = json.load(urllib.request.urlopen(req))
    req = urllib.request.Request(board.url + "api/review", json.dumps(rec["review"]).encode(),
                                 {"Content-Type": "application/json"})
    return rec, json.load(urllib.request.urlopen(req))


def _badges(driver, seat):
    out = {}
    for card in driver.find_elements("css selector", f"#seat-{seat} .card.legal"):
        out[card.get_attribute("data-card")] = card.find_element(
            "css selector", ".badge.dd").text
    return out


def test_open_step_and_read_the_badges_and_the_graph(browser, board):
    from selenium.webdriver.common.keys import Keys

    rec, review = _review(board)
    browser.get(board.url)
    wait(browser, lambda d: d.find_elements("css selector", "#graph circle"))
    assert "card 0 of 48" in browser.find_element("id", "position").text
    want = {c: str(v) for c, v in review["plays"][0]["values"].items()}
    assert _badges(browser, "N") == want  # every legal card's double-dummy value
    shot(browser, "start")
    browser.find_element("id", "next").click()
    wait(browser, lambda d: "card 1 of 48" in d.find_element("id", "position").text)
    assert _badges(browser, "E") == {c: str(v) for c, v in review["plays"][1]["values"].items()}
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: "card 3 of 48" in d.find_element("id", "position").text)
    assert _badges(browser, "W") == {c: str(v) for c, v in review["plays"][3]["values"].items()}
    circles = browser.find_elements("css selector", "#graph circle")
    assert len(circles) == len(review["summary"]["values_by_trick"]) == 13
    circles[5].click()  # after five tricks
    wait(browser, lambda d: "card 20 of 48, trick 6" in d.find_element("id", "position").text)
    body.send_keys(Keys.END)
    wait(browser, lambda d: "card 48 of 48" in d.find_element("id", "position").text)
    body.send_keys(Keys.HOME)  # (the very start: the meld the record shows, before the play)
    wait(browser, lambda d: "meld: step 1 of 1" in d.find_element("id", "position").text)
    body.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: "card 0 of 48" in d.find_element("id", "position").text)
    # the meld panel: each seat's best meld, as the meld command answers
    rows = wait(browser, lambda d: d.find_elements("css selector", "#meld tr")[1:])
    assert len(rows) == 4


def test_the_heat_map_and_advice(browser, board):
    browser.get(board.url)
    wait(browser, lambda d: d.find_elements("css selector", "#graph circle"))
    body = browser.find_element("tag name", "body")
    from selenium.webdriver.common.keys import Keys

    for _ in range(40):
        body.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: "card 40 of 48" in d.find_element("id", "position").text)
    browser.find_element("id", "heat-run").click()
    rows = wait(browser, lambda d: d.find_elements("css selector", "#heat tr")[1:])
    assert rows and "consistent deals" in browser.find_element("id", "heat").text
    browser.find_element("id", "advise").click()
    wait(browser, lambda d: d.find_elements("css selector", "#advice tr")[1:], 120)
    assert "at card 40" in browser.find_element("id", "heat").text
    shot(browser, "analysis")
    body.send_keys(Keys.ARROW_LEFT)  # a step: neither panel shows card 40's numbers now
    wait(browser, lambda d: "card 39 of 48" in d.find_element("id", "position").text)
    assert not browser.find_elements("css selector", "#heat tr, #advice tr")
    assert browser.find_element("id", "heat").text == browser.find_element("id", "advice").text \
        == ""


def test_a_share_link_opens_the_hand(browser, board):
    text = (ROOT / "docs" / "examples" / "club-endings.pgr").read_text().split("\n\n")[0]
    paste(browser, board, text)
    wait(browser, lambda d: "card 0 of 16" in d.find_element("id", "position").text)
    link = browser.current_url
    assert "#record=" in link
    browser.get("about:blank")
    browser.get(link)
    wait(browser, lambda d: "card 0 of 16" in d.find_element("id", "position").text)
    assert "Club night, board 1" in browser.find_element("id", "title").text
    assert "Ann" in browser.find_element("id", "seat-N").text


def test_the_auction_the_pass_and_the_meld_are_stepped_through(browser, board):
    from selenium.webdriver.common.keys import Keys

    club = (ROOT / "docs" / "records.md").read_text().split("```pbn")[1].split("```")[0]
    paste(browser, board, club)
    # (the club's hand, not the board's own, also at card 0 of 48: its auction in the facts)
    wait(browser, lambda d: "card 0 of 48" in d.find_element("id", "position").text and
         "auction: N 340" in d.find_element("id", "facts").text)
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.HOME)
    wait(browser, lambda d: "auction: step 1 of 5, N bids 340" in
         d.find_element("id", "position").text)
    assert "N bids 340" in browser.find_element("id", "trick").text
    shot(browser, "auction")
    for text in ("E passes", "S passes", "W passes", "meld: N 70"):
        body.send_keys(Keys.ARROW_RIGHT)
        wait(browser, lambda d, t=text: t in d.find_element("id", "position").text)
    body.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: "card 0 of 48" in d.find_element("id", "position").text)
    body.send_keys(Keys.ARROW_LEFT)  # (back from the first card: the meld)
    wait(browser, lambda d: "meld: N 70" in d.find_element("id", "position").text)


def test_a_bad_record_shows_the_error_panel(browser, board):
    paste(browser, board, '[Variant "four-hand"]\n[Deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.ZZ"]')
    panel = wait(browser, lambda d: d.find_element("id", "error").is_displayed() and
                 d.find_element("id", "error"))
    assert "ZZ" in panel.text or "card" in panel.text
    shot(browser, "error")


def test_a_long_analysis_reports_progress_and_is_cancelled(browser, board):
    browser.get(board.url)
    wait(browser, lambda d: d.find_elements("css selector", "#graph circle"))
    samples = browser.find_element("id", "samples")
    samples.clear()
    samples.send_keys("2000")
    browser.find_element("id", "run-lens").click()
    wait(browser, lambda d: d.find_element("id", "status").is_displayed())
    assert "information lens" in browser.find_element("id", "status-text").text
    browser.find_element("id", "cancel").click()
    wait(browser, lambda d: not d.find_element("id", "status").is_displayed())
    panel = wait(browser, lambda d: d.find_element("id", "error").is_displayed() and
                 d.find_element("id", "error"))
    assert "cancelled" in panel.text
    # the board goes on: a step still draws from the review
    browser.find_element("id", "next").click()
    wait(browser, lambda d: "card 1 of 48" in d.find_element("id", "position").text)
