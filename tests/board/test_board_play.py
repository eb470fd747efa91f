"""Playing on the board: a card clicked is played, and the board follows a line of one's own,
with every legal card's double-dummy value at every position of it.

The record view behind it (``POST /api/record`` with ``play``): each position's ``solve``
line holds that very position, the one a ``Game`` reaches by playing the same cards (a
family, drawn by hypothesis), and a card that may not be played is refused, naming it.

In a real headless Chromium (as ``test_board_browser``): a deal pasted, its leader chosen,
and a whole hand clicked through card by card, the badges read at every position against
``pinosolve.Game(...).solve()`` in the test (a path of its own, not the page's); the trick
drawn at the seats; the heat map and the advice cleared at a step; a record that stops
mid-hand valued at its end, left for a line of one's own and gone back to; advice at a card
the information lens judged showing the lens's own number, one number a card. With
``PINOSOLVE_SCREENSHOTS=docs`` the line of one's own is saved as ``docs/board-play.png``."""

from __future__ import annotations

import json
import urllib.request

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinosolve import Game
from pinosolve.board.records import record_view
from pinosolve.errors import PinosolveError
from tests.board.conftest import start_board, stop_board
from tests.board.test_board_browser import CHROMIUM, DRIVER, IN_CI, browser, shot, wait
from tests.conftest import ROOT

DEAL = "N:TQ9.9.. ATJ.Q.. .TJ.JJ. KJ...TK"  # four cards a hand, four-hand
TRUMP = "H"
CLUB = (ROOT / "docs" / "examples" / "club-endings.pgr").read_text().split("\n\n")
needs_chromium = pytest.mark.skipif((CHROMIUM is None or DRIVER is None) and not IN_CI,
                                    reason="no Chromium and chromedriver here (.ci/run "
                                           "installs Debian's)")
__all__ = ["browser"]  # (the fixture, shared with test_board_browser)


def _values(game: Game) -> dict[str, str]:
    """The badges a position should carry: each legal card's double-dummy value."""
    return {str(c): str(v) for c, v in game.solve().values.items()}


# --- the record view: a line of one's own ----------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["N", "E", "S", "W"]), st.lists(st.integers(0, 11), max_size=16))
def test_each_positions_solve_line_is_the_position_of_the_line(leader, choices):
    rec = record_view({"text": DEAL, "variant": "four-hand", "trump": TRUMP, "leader": leader})
    g = Game("four-hand", DEAL, trump=TRUMP, leader=leader)
    cards = []
    for k in choices:
        legal = g.legal_moves()
        if not legal:
            break
        cards.append(str(legal[k % len(legal)]))
        g.play(legal[k % len(legal)])
    line = record_view({"text": rec["text"], "play": cards})
    assert [e["card"] for e in line["play"]] == cards
    g = Game("four-hand", DEAL, trump=TRUMP, leader=leader)
    for p, entry in enumerate(line["play"]):
        solve = line["solve"][p]
        assert (solve["deal"], solve["leader"], solve["trick"]) == \
            (str(g.deal), g.leader, " ".join(str(c) for c in g.trick))
        assert entry["seat"] == g.to_move
        assert entry["trick"] == len(g.tricks) + 1
        g.play(entry["card"])
    assert line["to_move"] == (None if g.over else g.to_move)
    assert (line["solve"][-1] is None) == g.over


def test_a_card_that_may_not_be_played_is_refused_naming_it():
    rec = record_view({"text": DEAL, "variant": "four-hand", "trump": TRUMP})
    with pytest.raises(PinosolveError, match=r"^play: card 2 \(9S\): E does not hold 9S"):
        record_view({"text": rec["text"], "play": ["TS", "9S"]})
    with pytest.raises(PinosolveError, match=r"^play: a list of at most"):
        record_view({"text": rec["text"], "play": "TS"})
    # the record's own cards are read as it played them; the first card of one's own, from
    # the record's end on, must be legal
    club = record_view({"text": CLUB[1]})
    recorded = [e["card"] for e in club["play"]]
    assert record_view({"text": CLUB[1], "play": recorded})["play"] == club["play"]


def test_the_solve_lines_answer_the_reviews_values():
    """On the record's line, a position's solve line and the review value it alike (the page
    takes the review's where a card was played, the solve line's elsewhere)."""
    from pinosolve.analysis.review import review

    text = CLUB[1]
    view = record_view({"text": text})
    plays = review({**view["review"], "variant": "four-hand"}).plays
    for p, play in enumerate(plays):
        line = view["solve"][p]
        g = Game("four-hand", line["deal"], trump=line["trump"], leader=line["leader"],
                 trick=line["trick"])
        assert {str(c): v for c, v in g.solve().values.items()} == \
            {str(c): v for c, v in play.values.items()}


# --- in the browser ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def bare_board():
    running = start_board()
    yield running
    stop_board(running)


def _position(driver) -> str:
    return driver.find_element("id", "position").text


def _badges(driver, seat, kind="dd"):
    out = {}
    for card in driver.find_elements("css selector", f"#seat-{seat} .card.legal"):
        badges = card.find_elements("css selector", f".badge.{kind}")
        out[card.get_attribute("data-card")] = badges[0].text if badges else None
    return out


def _trick(driver, seats):
    """The card shown at each of ``seats``' places on the table."""
    return {seat: driver.find_element("id", f"trick-{seat}").find_element(
        "css selector", ".card").get_attribute("data-card") for seat in seats}


def _open_deal(driver, board, deal, variant="four-hand", trump=TRUMP):
    from selenium.webdriver.support.ui import Select

    driver.get(board.url)
    wait(driver, lambda d: len(Select(d.find_element("id", "variant")).options) > 1)
    Select(driver.find_element("id", "variant")).select_by_value(variant)
    Select(driver.find_element("id", "trump")).select_by_value(trump)
    area = driver.find_element("id", "record-text")
    area.clear()
    area.send_keys(deal)
    driver.find_element("id", "open-text").click()


@needs_chromium
def test_a_pasted_deal_is_played_through_card_by_card(browser, bare_board):
    from selenium.webdriver.support.ui import Select

    _open_deal(browser, bare_board, DEAL)
    wait(browser, lambda d: "no card played, N to play" in _position(d))
    g = Game("four-hand", DEAL, trump=TRUMP)
    wait(browser, lambda d: _badges(d, "N") == _values(g))  # a deal's values, before a card
    Select(browser.find_element("id", "leader")).select_by_value("E")  # the leader chosen
    wait(browser, lambda d: "no card played, E to play" in _position(d))
    assert "E leads" in browser.find_element("id", "title").text
    g = Game("four-hand", DEAL, trump=TRUMP, leader="E")
    p = 0
    while not g.over:
        mover = g.to_move
        want = _values(g)
        wait(browser, lambda d: _badges(d, mover) == want, 30)  # every position's values
        # the trick on the table at the seats: each seat's card in front of it
        # (at a trick's start, the trick just finished, whole)
        leader, cards = (g.leader, g.trick) if g.trick or not g.tricks else \
            (g.tricks[-1].leader, list(g.tricks[-1].cards))
        at = g.seats.index(leader)
        placed = dict(zip(g.seats[at:] + g.seats[:at], (str(c) for c in cards)))
        # (read as the page settles: a redraw between finding a card and reading it makes
        # the element stale, and is not a wrong card)
        wait(browser, lambda d: _trick(d, placed) == placed, 30)
        if p == 5:  # the heat map, then a step: it is cleared
            browser.find_element("id", "heat-run").click()
            wait(browser, lambda d: d.find_elements("css selector", "#heat tr")[1:])
            assert f"at your line's card {p}" in browser.find_element("id", "heat").text
        # a card of each kind in turn: the best, the worst, and between
        legal = sorted(want, key=lambda c: (-int(want[c]), c))
        card = legal[(p * 7) % len(legal)]
        browser.find_element("css selector", f"#seat-{mover} .card.legal[data-card='{card}']") \
            .click()
        g.play(card)
        p += 1
        wait(browser, lambda d: f"card {p} of {p}," in _position(d))
        if p == 6:
            assert not browser.find_elements("css selector", "#heat tr")
            assert browser.find_element("id", "heat").text == ""
    assert "card 16 of 16, trick 4, the end" in _position(browser)
    assert not browser.find_elements("css selector", ".card.legal")
    # a step back shows the position before, valued, and the heat map stays cleared
    browser.find_element("id", "prev").click()
    wait(browser, lambda d: "card 15 of 16" in _position(d))
    last = g.seats[(g.seats.index(g.tricks[-1].leader) + 3) % 4]
    wait(browser, lambda d: len(_badges(d, last)) == 1)


@needs_chromium
def test_a_record_stopping_mid_hand_its_end_valued_and_a_line_of_ones_own(browser, bare_board):
    # the club's second board, its last two tricks left out
    text = CLUB[1].split("JH QC TH 9H")[0] + '[Result "*"]\n'
    _open_deal(browser, bare_board, text)
    wait(browser, lambda d: "card 0 of 8" in _position(d))
    browser.find_element("id", "last").click()
    wait(browser, lambda d: "card 8 of 8, trick 3" in _position(d))
    rec = record_view({"text": text})
    line = rec["solve"][8]
    g = Game("four-hand", line["deal"], trump=line["trump"], leader=line["leader"])
    assert g.to_move == rec["to_move"]
    wait(browser, lambda d: _badges(d, g.to_move) == _values(g), 30)  # values at the end
    # back to card 4, and a card of one's own there: the board follows the new line
    for _ in range(4):
        browser.find_element("id", "prev").click()
    wait(browser, lambda d: "card 4 of 8" in _position(d))
    replay = Game("four-hand", rec["review"]["deal"], trump=rec["review"]["trump"],
                  leader=rec["review"]["leader"])
    for e in rec["play"][:4]:
        replay.play(e["card"])
    mover = replay.to_move
    wait(browser, lambda d: _badges(d, mover) == _values(replay), 30)
    own = next(c for c in sorted(_values(replay)) if c != rec["play"][4]["card"])
    browser.find_element("css selector", f"#seat-{mover} .card.legal[data-card='{own}']").click()
    wait(browser, lambda d: "your line (from the record's card 4): card 5 of 5" in _position(d))
    replay.play(own)
    wait(browser, lambda d: _badges(d, replay.to_move) == _values(replay), 30)
    assert browser.find_element("id", "to-record").is_displayed()
    shot(browser, "play")
    browser.find_element("id", "to-record").click()  # back to the record's line
    wait(browser, lambda d: _position(d).startswith("card 4 of 8"))
    assert not browser.find_element("id", "to-record").is_displayed()


@needs_chromium
def test_a_three_hand_deal_its_bidder_picked_a_card_played_and_the_link_shared(browser,
                                                                              bare_board):
    """A pasted three-hand deal needs its bidder (the sides are his and the others'): the
    page shows the variant's seats to pick him from before the deal is open, and the deal
    opens with values; a card clicked; the share link carries the line, and opened afresh
    shows the same position, valued."""
    from selenium.webdriver.support.ui import Select

    deal = "N:KJJ... TQ.K.. AAT..."  # (deal --variant three-hand-auction --seed 1, cut)
    browser.get(bare_board.url)
    wait(browser, lambda d: len(Select(d.find_element("id", "variant")).options) > 1)
    assert not browser.find_element("id", "bidder").is_displayed()  # (four-hand: no bidder)
    Select(browser.find_element("id", "variant")).select_by_value("three-hand-auction")
    Select(browser.find_element("id", "trump")).select_by_value("H")
    bidder = Select(browser.find_element("id", "bidder"))
    assert [o.text for o in bidder.options] == ["N", "E", "W"]
    bidder.select_by_value("E")
    browser.find_element("id", "record-text").send_keys(deal)
    browser.find_element("id", "open-text").click()
    wait(browser, lambda d: "no card played, N to play" in _position(d))
    assert "E bid" in browser.find_element("id", "title").text
    g = Game("three-hand-auction", deal, trump="H", declarer="E")
    wait(browser, lambda d: _badges(d, "N") == _values(g), 30)
    card = sorted(_values(g))[0]
    browser.find_element("css selector", f"#seat-N .card.legal[data-card='{card}']").click()
    where = "your line (from the record's card 0): card 1 of 1, trick 1, E to play"
    wait(browser, lambda d: where in _position(d))
    g.play(card)
    wait(browser, lambda d: _badges(d, "E") == _values(g), 30)
    link = browser.current_url
    assert f"&line={card}&at=1" in link
    browser.get("about:blank")
    browser.get(link)
    wait(browser, lambda d: where in _position(d))
    wait(browser, lambda d: _badges(d, "E") == _values(g), 30)
    assert browser.find_element("css selector", "#trick-N .card").get_attribute(
        "data-card") == card  # (the card played, on the table at its seat)
    assert "E bid" in browser.find_element("id", "title").text


@needs_chromium
def test_advice_at_a_card_the_lens_judged_shows_the_lens_number(browser, bare_board):
    _open_deal(browser, bare_board, CLUB[0])
    wait(browser, lambda d: "card 0 of 16" in _position(d))
    wait(browser, lambda d: d.find_elements("css selector", "#graph circle"))
    samples = browser.find_element("id", "samples")
    samples.clear()
    samples.send_keys("3")
    browser.find_element("id", "run-lens").click()
    wait(browser, lambda d: d.find_elements("css selector", "#lens tr")[1:], 120)
    # the lens's answer, as the page asked it (the board answers it again from its cache)
    rec = record_view({"text": CLUB[0]})
    body = json.dumps({**rec["review"], "information": True, "samples": 3, "seed": 1,
                       "timeout": 30}).encode()
    req = urllib.request.Request(bare_board.url + "api/review", body,
                                 {"Content-Type": "application/json"})
    lens = json.load(urllib.request.urlopen(req))
    p = next(k for k, play in enumerate(lens["plays"])
             if play["information"]["deals"] > 0 and not play["information"]["exact"])
    for _ in range(p):
        browser.find_element("id", "next").click()
    wait(browser, lambda d: f"card {p} of 16" in _position(d))
    seat = lens["plays"][p]["seat"]
    means = lens["plays"][p]["information"]["means"]
    want = {c: str(round(m * 10) / 10).removesuffix(".0") for c, m in means.items()}
    got = wait(browser, lambda d: _badges(d, seat, "info"))
    assert got == want
    browser.find_element("id", "advise").click()
    rows = wait(browser, lambda d: d.find_elements("css selector", "#advice tr")[1:], 60)
    table = {r.find_element("css selector", ".card").get_attribute("data-card"):
             float(r.find_elements("tag name", "td")[1].text) for r in rows}
    assert table == {c: round(m, 2) for c, m in means.items()}  # the lens's own deals
    assert _badges(browser, seat, "info") == want  # one number a card
    assert "information lens's own deals" in browser.find_element("id", "advice").text
    browser.find_element("id", "next").click()  # a step: the advice is cleared
    wait(browser, lambda d: f"card {p + 1} of 16" in _position(d))
    assert browser.find_element("id", "advice").text == ""


@needs_chromium
def test_a_search_past_its_time_shows_the_bounds_proved(browser, bare_board):
    """A whole double-deck deal, far beyond any budget: its first position's cards show the
    bounds proved once the position's time is up (here 1 s: ?seconds=1), and nothing runs
    on (the review's own search has the same time)."""
    from selenium.webdriver.support.ui import Select

    text = ("N:AKK.ATQQJ.TKKKJ.AATKKQJ TTQJ.TKKKQJJ.ATTKQJJ.TQ AATKKQQJ.TJ.QQ.ATTKQQJJ "
            "ATQJJ.AAATKQ.AAATQJ.AKJ")  # (deal --variant double-deck --seed 3)
    browser.get(bare_board.url + "?seconds=1")
    wait(browser, lambda d: len(Select(d.find_element("id", "variant")).options) > 1)
    Select(browser.find_element("id", "variant")).select_by_value("double-deck")
    area = browser.find_element("id", "record-text")
    area.clear()
    area.send_keys(text)
    browser.find_element("id", "open-text").click()
    badges = wait(browser, lambda d: _badges(d, "N"), 30)
    assert all(".." in v for v in badges.values()), badges
    wait(browser, lambda d: not d.find_element("id", "status").is_displayed(), 30)

