"""A blackjack shoe game as a background job (``POST /api/blackjack/jobs`` with
``"command": "simulate"``): the job's tables are the API's with the same seed; a request of
more rounds than its limit is pointed at the job, a job of more than a job's limit and a
count or ramp naming a server file are refused in one line; Zero's shoe game runs as a job
too; and the counting page's "Simulate your game" form runs one and fills its calculators
(Chromium)."""

from __future__ import annotations

import json
import shutil

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")

from documents import chromium_driver  # noqa: E402
from served import poll, served  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cardedge.web import calls  # noqa: E402
from cardedge.web.app import create_app  # noqa: E402

GAME = {"decks": 1, "penetration": 0.75, "rounds": 20_000, "seed": 11, "bankroll": 500}
"""A tiny shoe game: one deck dealt to 75%, Hi-Lo, the 1-8 ramp, 20,000 rounds, seeded."""


def test_a_simulate_job_gives_the_api_tables_of_the_same_seed():
    from cardedge import blackjack
    from cardedge.reports.core.render import render_many

    with TestClient(create_app()) as c:
        started = c.post("/api/blackjack/jobs", json={"command": "simulate", **GAME})
        assert started.status_code == 202, started.text
        assert started.json()["command"] == "simulate"
        status = poll(c, started.json()["id"])
    assert status["state"] == "done", status
    assert status["progress"]["label"] == "Blackjack shoe game"
    assert status["progress"]["done"] == status["progress"]["total"] >= 1
    tables = blackjack.simulate(**{**GAME, "bankroll": [500]})
    assert status["result"] == json.loads(render_many(tables, "json"))
    titles = [t["title"].rsplit(": ", 1)[-1] for t in status["result"]["tables"]]
    assert titles[1:] == [
        "edge by true count",
        "betting (units; per 100 rounds dealt)",
        "ramps (units by true count)",
    ]
    assert status["result"]["tables"][0]["rows"][0]["rounds"] == 20_000


def test_a_request_over_its_rounds_is_pointed_at_the_job():
    with TestClient(create_app()) as c:
        refused = c.get("/api/blackjack/simulate?decks=1&penetration=0.75&rounds=1000000")
        listing = c.get("/api").json()
    assert refused.status_code == 403
    assert refused.headers["x-job"] == "/api/blackjack/jobs"
    assert refused.json()["error"] == (
        f"rounds: at most {calls.MAX_ROUNDS} in one request: start it as a background job "
        f"(POST /api/blackjack/jobs, up to {calls.MAX_JOB_ROUNDS:,} rounds), or give fewer"
    )
    assert calls.MAX_JOB_ROUNDS == 20_000_000  # the job budget (100 s) at 5 us a round
    jobs = listing["jobs"]
    assert jobs["commands"] == {"zero": ["grid", "simulate"], "blackjack": ["grid", "simulate"]}
    assert jobs["max_rounds"] == calls.MAX_JOB_ROUNDS


@pytest.mark.parametrize(
    ("game", "body", "status", "says"),
    [
        ("zero", {"command": "simulate", **GAME, "rounds": calls.MAX_JOB_ROUNDS + 1}, 403,
         "rounds: at most 20,000,000 in a job (give rounds=)"),
        ("zero", {"command": "simulate", **GAME, "count": "/etc/passwd"}, 400,
         "count: '/etc/passwd': on the web one of hilo"),
        ("blackjack", {"command": "simulate", **GAME, "rounds": calls.MAX_JOB_ROUNDS + 1}, 403,
         "rounds: at most 20,000,000 in a job (give rounds=)"),
        ("blackjack", {"command": "simulate", "rounds": 2_000_001}, 403,
         "rounds: at most 2,000,000 in a job"),  # a fresh-shoe simulation: 10 requests'
        ("blackjack", {"command": "simulate", **GAME, "count": "/etc/passwd"}, 400,
         "count: '/etc/passwd': on the web one of hilo"),
        ("blackjack", {"command": "simulate", **GAME, "ramp": "/etc/passwd"}, 400,
         "ramp: '/etc/passwd': on the web UNITS:TC pairs or LOW-HIGH (no ramp file)"),
        ("blackjack", {"command": "simulate", **GAME, "threads": 2}, 400,
         "threads: not taken on the web"),
    ],
)  # fmt: skip
def test_what_is_not_a_simulate_job_is_refused_in_one_line(game, body, status, says):
    with TestClient(create_app()) as c:
        response = c.post(f"/api/{game}/jobs", json=body)
        assert response.status_code == status, response.text
        assert list(response.json()) == ["error"]
        line = response.json()["error"]
        assert line.startswith(says) and "\n" not in line, line
        assert c.get("/stats").json()["jobs"]["kept"] == 0  # no job started


def test_a_zero_simulate_job_gives_the_api_tables_of_the_same_seed():
    """Zero's shoe game as a job: the API's tables (the shared four and the Zero Pays side
    bet by true count), Hi-Opt II by default."""
    from cardedge import zero
    from cardedge.reports.core.render import render_many

    game = {**GAME, "decks": 2}
    with TestClient(create_app()) as c:
        started = c.post("/api/zero/jobs", json={"command": "simulate", **game})
        assert started.status_code == 202, started.text
        status = poll(c, started.json()["id"])
    assert status["state"] == "done", status
    assert status["progress"]["label"] == "Zero shoe game"
    tables = zero.simulate(**{**game, "bankroll": [500]})
    assert status["result"] == json.loads(render_many(tables, "json"))
    first = status["result"]["tables"][0]
    assert first["rows"][0]["rounds"] == 20_000 and first["rows"][0]["count"] == "Hi-Opt II"
    assert status["result"]["tables"][-1]["title"].endswith("Zero Pays side bet by true count")


def test_a_request_naming_a_server_file_for_the_count_or_ramp_is_refused():
    with TestClient(create_app()) as c:
        for option in ("count", "ramp"):
            query = f"decks=1&penetration=0.75&rounds=2000&{option}=/etc/hostname"
            response = c.get(f"/api/blackjack/simulate?{query}")
            assert response.status_code == 400, response.text
            assert response.json()["error"].startswith(f"{option}: '/etc/hostname': on the web")


# ---- the counting page's form (headless Chromium) --------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


@pytest.fixture
def server():
    """The app on a uvicorn of its own (a thread of this process): its base URL."""
    with served(create_app()) as base:
        yield base


@pytest.fixture
def browser():
    driver = chromium_driver(window="1200,1700", logs=True)
    yield driver
    driver.quit()


def figure(driver, key: str) -> float:
    """A counting figure as the page holds it (full precision)."""
    el = driver.find_element("css selector", f'[data-figure="{key}"] .value')
    return float(el.get_attribute("data-value"))


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless Chromium")
def test_the_simulate_form_runs_a_job_and_fills_the_calculators(server, browser):
    """The form starts a shoe game as a job (a progress bar, Cancel), and once done the ramp
    table holds its counts, the win and SD are the API's ramp row of the same seed (from each
    count's tallies), and a bet changed recomputes them; a Cancel stops another."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from cardedge import blackjack

    browser.get(f"{server}/counting")
    panel = browser.find_element("id", "simulate")
    form = browser.find_element("id", "simulate-form")
    Select(form.find_element("name", "decks")).select_by_value("1")
    for name, text in (("rounds", "20000"), ("seed", "5")):
        box = form.find_element("name", name)
        box.clear()
        box.send_keys(text)
    bankroll = float(
        browser.find_element("css selector", '#counting [name="bankroll"]').get_attribute("value")
    )
    risk = float(
        browser.find_element("css selector", '#counting [name="risk"]').get_attribute("value")
    )
    form.find_element("css selector", "button[type=submit]").click()
    wait = WebDriverWait(browser, 120, poll_frequency=0.05)
    wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error", "cancelled"))
    assert panel.get_attribute("data-state") == "ready", (panel.text, browser.get_log("browser"))
    assert not panel.find_element("css selector", ".job").is_displayed()
    tables = blackjack.simulate(
        decks=1, h17=True, peek=True, das=True, surrender=True, natural="3:2", penetration=0.75,
        count="hilo", indices=True, ramp="1-8", players=1, rounds=20_000, seed=5,
        bankroll=[bankroll], risk=risk / 100,
    )  # fmt: skip
    betting = tables[2].rows()
    ramp_row = next(r for r in betting if r["bets"].startswith("ramp"))
    assert figure(browser, "win") == pytest.approx(ramp_row["win_per_100"] / 100, rel=1e-9)
    assert figure(browser, "sd") == pytest.approx(ramp_row["sd_per_100"] / 10, rel=1e-9)
    by_count = tables[1].rows()
    rows = browser.find_elements("css selector", "#ramp tbody tr")
    assert len(rows) == len(by_count)
    assert (
        Select(browser.find_element("name", "preset")).first_selected_option.get_attribute("value")
        == "simulated"
    )
    assert "20,000 rounds (seed 5)" in panel.find_element("css selector", ".summary").text
    # a bet changed: the win is the tallies' for the new bets
    k = next(i for i, r in enumerate(by_count) if r["true_count"] == 2)
    cell = browser.find_element("css selector", f'#ramp input[data-k="{k}"][data-column="bet"]')
    cell.clear()
    cell.send_keys("8")
    bets = [r["bet"] for r in by_count]
    bets[k] = 8.0
    frequency = [r["rounds"] / 20_000 for r in by_count]
    edges = [-r["edge_simulated"] / 100 for r in by_count]
    win = sum(f * b * e for f, b, e in zip(frequency, bets, edges, strict=True))
    assert figure(browser, "win") == pytest.approx(win, rel=1e-9)
    # another, cancelled while it runs
    box = form.find_element("name", "rounds")
    box.clear()
    box.send_keys("20000000")
    form.find_element("css selector", "button[type=submit]").click()
    wait.until(lambda d: panel.find_element("css selector", ".job").is_displayed())
    panel.find_element("css selector", ".job button.cancel").click()
    wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error", "cancelled"))
    assert panel.get_attribute("data-state") == "cancelled", panel.text
    assert figure(browser, "win") == pytest.approx(win, rel=1e-9)  # the page's figures stay
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
