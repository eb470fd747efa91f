"""A hand played against pinosolve on the board (``POST /api/play``, the ``play`` command's
batch): in a real headless Chromium, a four-hand seat taken, every decision answered by a
click (a call, the trump, a pass of four cards, the meld, each card), a hint asked at a card
(the advice, one row a legal card), a wrong answer refused in one line, and at the end the
hand's record opened on the board for its review; the score the page shows is the one
``play_hand`` gives for the same answers (the test's own replay)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from pinosolve.players.person import play_hand
from tests.board.conftest import start_board, stop_board
from tests.board.test_board_browser import CHROMIUM, DRIVER, IN_CI, browser, wait

needs_chromium = pytest.mark.skipif((CHROMIUM is None or DRIVER is None) and not IN_CI,
                                    reason="no Chromium and chromedriver here (.ci/run "
                                           "installs Debian's)")
__all__ = ["browser"]


@pytest.fixture(scope="module")
def bare_board():
    running = start_board()
    yield running
    stop_board(running)


def _post(board, body):
    req = urllib.request.Request(f"{board.url}api/play", json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def test_the_api_replays_a_hand_and_refuses_a_wrong_answer(bare_board):
    status, got = _post(bare_board, {"variant": "two-hand", "seat": "N", "seed": 3})
    assert status == 200 and got["decision"]["kind"] == "play"
    assert got == play_hand("two-hand", "N", [], seed=3).to_json()
    status, got = _post(bare_board, {"variant": "two-hand", "seat": "N", "seed": 3,
                                     "answers": ["XX"]})
    assert status == 400 and "answer 1" in got["error"]
    status, got = _post(bare_board, {"variant": "two-hand", "seat": "N",
                                     "against": "cmd:touch /tmp/pwned"})
    assert status == 400 and "built-in" in got["error"]


@needs_chromium
def test_a_hand_played_by_clicks_hinted_and_reviewed(browser, bare_board):
    from selenium.webdriver.support.ui import Select

    browser.get(bare_board.url)
    wait(browser, lambda d: len(Select(d.find_element("id", "play-variant")).options) > 1)
    browser.find_element("css selector", "#play-load summary").click()
    Select(browser.find_element("id", "play-variant")).select_by_value("four-hand")
    Select(browser.find_element("id", "play-seat")).select_by_value("S")
    seed = browser.find_element("id", "play-seed")
    seed.clear()
    seed.send_keys("1")
    browser.find_element("id", "play-start").click()
    answers: list = []
    hinted = False
    for _ in range(60):
        prompt = wait(browser, lambda d: d.find_element("id", "play-prompt").text)
        if "round is over" in prompt:
            break
        if "your card" in prompt and not hinted and int(browser.execute_script(
                "return game.last.view.holding.length;")) <= 3:
            # a hint (late in the play, where the advice is cheap): a row a legal card
            legal = {e.get_attribute("data-choice") for e in browser.find_elements(
                "css selector", "#play-choices [data-choice]")}
            browser.find_element("id", "play-hint").click()
            rows = wait(browser, lambda d: d.find_elements("css selector",
                                                           "#play-hint-box tr td .card"), 120)
            assert {r.get_attribute("data-card") for r in rows} == legal
            hinted = True
        picks = browser.find_elements("css selector", "#play-choices .card.choice")
        if not browser.find_element("id", "play-give").get_attribute("class").count("hidden"):
            count = int(browser.execute_script("return game.last.decision.count;"))
            chosen = [p.get_attribute("data-card") for p in picks[:count]]
            for p in picks[:count]:
                p.click()
            browser.find_element("id", "play-give").click()
            answers.append(chosen)
        else:
            choices = browser.find_elements("css selector", "#play-choices [data-choice]")
            # the first bid where there is one (a contract to play), else the first choice
            pick = next((c for c in choices if c.get_attribute("data-choice").isdigit()
                         and not answers), choices[0])
            answers.append(pick.get_attribute("data-choice"))
            pick.click()
        wait(browser, lambda d, n=len(answers): _taken(d) >= n)
    else:
        raise AssertionError("the hand never ended")
    want = play_hand("four-hand", "S", answers, seed=1)
    assert want.over and hinted
    shown = browser.find_element("id", "play-prompt").text
    for seat, x in want.scores.items():
        assert f"{seat} {'+' if x >= 0 else ''}{x}" in shown
    wait(browser, lambda d: "pinosolve play" in d.find_element("id", "record-text")
         .get_attribute("value"))
    wait(browser, lambda d: d.find_element("id", "summary").text.strip())  # the review ran


def _taken(driver) -> int:
    """The answers the board's last answer took (the page has drawn it)."""
    return int(driver.execute_script("return game.last ? game.last.answers : -1;"))
