"""A blackjack shoe game as a background job (``POST /api/blackjack/jobs`` with
``"command": "simulate"``): the job's tables are the API's with the same seed; a request of
more rounds than its limit is pointed at the job, a job of more than a job's limit and a
count or ramp naming a server file are refused in one line; Zero's shoe game runs as a job
too; and the counting page's "Simulate your game" form runs one and fills its calculators
(Chromium)."""

from __future__ import annotations

import importlib
import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")

from served import poll, served  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cardedge.web import calls  # noqa: E402
from cardedge.web.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

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
    from cardedge.web import blackjack as web_blackjack

    browser.get(f"{server}/counting")
    panel = browser.find_element("id", "simulate")
    form = browser.find_element("id", "simulate-form")
    section = form.find_element("css selector", '.game[data-game="blackjack"]')
    Select(section.find_element("name", "decks")).select_by_value("1")  # Zero's has one too
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
    opening = web_blackjack.SIMULATE_PRESETS[0]["words"]  # the preset the form opens on
    tables = blackjack.simulate(
        **{**opening, "decks": 1}, rounds=20_000, seed=5, bankroll=[bankroll], risk=risk / 100
    )
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


# ---- the form's game: its rules and options from the declaration, its presets, money --------
class _SimulateControls(HTMLParser):
    """The named controls of the counting page's "Simulate your game" form, by the game section
    holding them ("" outside one: the preset, the run): name -> {tag, type, options}."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, dict[str, dict]] = {}
        self.inside_form = False
        self.game = ""
        self.div_depth = 0  # the game section's nesting of divs
        self.select: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside_form = a.get("id") == "simulate-form"
        if not self.inside_form:
            return
        if tag == "div":
            if "data-game" in a:
                self.game, self.div_depth = a["data-game"], 1
            elif self.game:
                self.div_depth += 1
        if tag in ("input", "select") and "name" in a:
            control = {"tag": tag, "type": a.get("type", ""), "options": []}
            self.found.setdefault(self.game, {})[a["name"]] = control
            self.select = control if tag == "select" else None
        if tag == "option" and self.select is not None:
            self.select["options"].append(a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside_form = False
        if tag == "div" and self.game:
            self.div_depth -= 1
            if self.div_depth == 0:
                self.game = ""
        if tag == "select":
            self.select = None


def simulate_controls(page: str) -> dict[str, dict[str, dict]]:
    parser = _SimulateControls()
    parser.feed(page)
    return parser.found


def declared_simulate_options(game: str) -> dict[str, tuple[object, str]]:
    """What the declarations say ``game``'s shoe game takes, read apart from the page's code:
    every declared rule (``analysis/<game>/rules.py``) and every API option of ``simulate``
    (the family's and the game's own, ``api/options.py``), less those the web never takes and
    the calculators' bankroll and risk: name -> (its kind, 'switch' for an on/off option)."""
    from cardedge.analysis.core.rules import Switch
    from cardedge.api.core import api_room
    from cardedge.api.options import SIMULATE
    from cardedge.games import game as game_named
    from cardedge.web.pages import FROM_CALCULATORS

    rules = game_named(game).rules
    found = {
        name: (rules[name].kind, "switch" if isinstance(rules[name].kind, Switch) else "")
        for name in rules.names
    }
    for row in (*SIMULATE.values(), *api_room(game).OPTIONS["simulate"].values()):
        if row.api and row.name not in calls.REFUSED_KEYWORDS + FROM_CALCULATORS:
            kind = calls.value_kind(game, "simulate", row.name)
            found[row.name] = (kind, "switch" if row.switch else "")
    return found


def test_the_simulate_form_has_a_control_for_every_declared_rule_and_option():
    """Issue 46: the form is the declarations' (a rule added to a game, as insurance, fails this
    until it has its control): each declared rule and shoe-game option of a game with the form
    has a control in that game's section (the rounds and seed in the run's), a switch a
    checkbox, a choice a list holding every choice; the preset list holds every preset, each
    carrying a game that has the form."""
    from cardedge.web.core import web_room
    from cardedge.web.pages import RUN_KEYWORDS, simulate_presets

    with TestClient(create_app()) as c:
        page = c.get("/counting").text
    found = simulate_controls(page)
    games = [g for g in calls.GAMES if web_room(g).simulate_panel() is not None]
    assert games and set(found) == {"", *games}
    for game in games:
        declared = declared_simulate_options(game)
        assert len(declared) >= 20, declared  # blackjack: 10 rules, 12 options
        assert found[game]["decks"]["tag"] == "select"
        for name, (kind, switch) in declared.items():
            where = found[""] if name in RUN_KEYWORDS else found[game]
            assert name in where, (game, name)
            control = where[name]
            if switch and control["tag"] == "select":  # no default: the rule preset's
                assert control["options"] == ["", "true", "false"], (game, name)
                assert calls.parameters(game, "simulate")[name].default is None, (game, name)
            elif switch:
                assert (control["tag"], control["type"]) == ("input", "checkbox"), name
            elif kind.choices():
                assert control["tag"] == "select", name
                assert set(kind.choices()) <= set(control["options"]), name
    presets = simulate_presets()
    assert [p["name"] for p in presets][:3] == ["6D H17 peek LS", "2D H17 peek", "8D S17"]
    assert {p["game"] for p in presets} <= set(games)
    assert found[""]["simulate_preset"]["options"] == [*map(str, range(len(presets))), ""]


def test_a_preset_naming_an_option_simulate_does_not_take_is_refused():
    from cardedge.web.core import shoe_preset
    from cardedge.web.pages import preset_words

    game = next(g for g in calls.GAMES if "penetration" in calls.parameters(g, "simulate"))
    words = shoe_preset(game, "x", "y", penetration=0.8, spread="1-8")["words"]
    with pytest.raises(ValueError, match="no keyword spread"):
        preset_words(game, words)
    assert preset_words(game, {"penetration": 0.8})["penetration"] == "0.8"


def page_number(driver, css: str, attribute: str = "value") -> float:
    return float(driver.find_element("css selector", css).get_attribute(attribute))


def type_text(driver, css: str, text: str) -> None:
    """Set a control's text as typing does (its ``input`` event)."""
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));",
        driver.find_element("css selector", css),
        text,
    )


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless Chromium")
def test_each_preset_fills_the_form_and_its_job_is_the_apis_game(server, browser):
    """Issue 46: choosing a preset shows its game's section and sets every control as the
    preset says (the API's defaults for the rest); a short job of it gives the ramp row of the
    API's ``simulate`` with the preset's words, the same seed and the calculators' bankroll and
    risk; a control changed by hand leaves the preset ("as set below")."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from cardedge import blackjack
    from cardedge.web.pages import simulate_presets

    browser.get(f"{server}/counting")
    panel = browser.find_element("id", "simulate")
    form = browser.find_element("id", "simulate-form")
    choice = Select(form.find_element("name", "simulate_preset"))
    assert choice.first_selected_option.get_attribute("value") == "0"  # chosen on opening
    bankroll = page_number(browser, '#counting [name="bankroll"]')
    risk = page_number(browser, '#counting [name="risk"]')
    wait = WebDriverWait(browser, 120, poll_frequency=0.05)
    presets = simulate_presets()
    assert [p["game"] for p in presets] == ["blackjack"] * 3 + ["zero"]  # the four
    for i, preset in enumerate(presets):
        choice.select_by_value(str(i))
        section = form.find_element("css selector", f'.game[data-game="{preset["game"]}"]')
        assert section.is_displayed()
        for name, setting in preset["controls"].items():
            control = section.find_element("name", name)
            if control.get_attribute("type") == "checkbox":
                assert control.is_selected() is setting, (preset["name"], name)
            else:
                assert control.get_attribute("value") == str(setting), (preset["name"], name)
        for name, text in (("rounds", "20000"), ("seed", "3")):
            type_text(browser, f'#simulate-form [name="{name}"]', text)
        assert choice.first_selected_option.get_attribute("value") == str(i)  # the run: no edit
        browser.execute_script("arguments[0].dataset.state = 'idle'", panel)
        form.find_element("css selector", "button[type=submit]").click()
        wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error", "cancelled"))
        assert panel.get_attribute("data-state") == "ready", (panel.text, preset["name"])
        api = importlib.import_module(f"cardedge.{preset['game']}")
        tables = api.simulate(
            **preset["words"], rounds=20_000, seed=3, bankroll=[bankroll], risk=risk / 100
        )
        ramp_row = next(r for r in tables[2].rows() if r["bets"].startswith("ramp"))
        assert figure(browser, "win") == pytest.approx(ramp_row["win_per_100"] / 100, rel=1e-9)
        assert figure(browser, "sd") == pytest.approx(ramp_row["sd_per_100"] / 10, rel=1e-9)
        assert len(browser.find_elements("css selector", "#ramp tbody tr")) == len(tables[1].rows())
    choice.select_by_value("2")  # 8D S17
    form.find_element("name", "h17").click()  # by hand: no longer the preset
    assert choice.first_selected_option.get_attribute("value") == ""
    # a game described by hand: every kind of control reaches the API as the words say
    by_hand = {"decks": "2", "double": "10-11", "split_hands": "3", "natural": "6:5",
               "players": "3", "burn": "2", "wong_out": "-1", "tc_convention": "floor",
               "tc_divisor": "half", "ramp": "1:-1,2:1,4:2", "count": "hiopt1"}  # fmt: skip
    section = form.find_element("css selector", '.game[data-game="blackjack"]')
    for name, text in by_hand.items():
        control = section.find_element("name", name)
        if control.tag_name == "select":
            Select(control).select_by_value(text)
        else:
            type_text(browser, f'#simulate-form .game [name="{name}"]', text)
    section.find_element("name", "rsa").click()
    browser.execute_script("arguments[0].dataset.state = 'idle'", panel)
    form.find_element("css selector", "button[type=submit]").click()
    wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error", "cancelled"))
    assert panel.get_attribute("data-state") == "ready", panel.text
    words = {**presets[2]["words"], **by_hand, "h17": not presets[2]["words"]["h17"]}
    tables = blackjack.simulate(
        **words, rsa=True, rounds=20_000, seed=3, bankroll=[bankroll], risk=risk / 100
    )
    ramp_row = next(r for r in tables[2].rows() if r["bets"].startswith("ramp"))
    assert figure(browser, "win") == pytest.approx(ramp_row["win_per_100"] / 100, rel=1e-9)
    assert figure(browser, "sd") == pytest.approx(ramp_row["sd_per_100"] / 10, rel=1e-9)
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless Chromium")
def test_the_page_opens_on_a_game_and_shows_money_as_units_times_the_unit(server, browser):
    """Issue 46: /counting opened on 'win 1 unit a round' (risk of ruin 0.0000%, SCORE 7561);
    it opens on the published study of the first preset's game. Every sum of money is its
    units times the unit size (the win, SD, bankroll for the risk, each Kelly bet); the bankroll
    in money stays when the unit changes, its units following, and the risk of ruin is the
    formula's with them."""
    from selenium.webdriver.support.ui import Select

    from cardedge.reports.core import betting
    from cardedge.web.counting import presets
    from cardedge.web.pages import UNIT_SIZE, simulate_presets

    browser.get(f"{server}/counting")
    studies = presets(ROOT / "results" / "study")
    game = simulate_presets()[0]["game"]
    opening = next(i for i, p in enumerate(studies) if p["game"] == game)
    chosen = Select(browser.find_element("name", "preset")).first_selected_option
    assert chosen.get_attribute("value") == str(opening)
    assert len(browser.find_elements("css selector", "#ramp tbody tr")) == len(
        studies[opening]["true_counts"]
    )
    assert 0 < figure(browser, "win") < 0.05 and figure(browser, "score") < 100
    assert page_number(browser, '#counting [name="unit"]') == UNIT_SIZE
    assert page_number(browser, '#counting [name="bankroll_money"]') == 1000 * UNIT_SIZE
    for unit in (UNIT_SIZE, 10):
        type_text(browser, '#counting [name="unit"]', str(unit))
        for key in ("win", "sd", "bankroll_for_risk"):
            money = page_number(browser, f'[data-figure="{key}"] .money', "data-money")
            assert money == pytest.approx(figure(browser, key) * unit, rel=1e-12), key
        cells = browser.find_elements("css selector", "#ramp td[data-column]")
        assert len(cells) == 2 * len(studies[opening]["true_counts"])
        for cell in cells:
            units = float(cell.get_attribute("data-value"))
            assert float(cell.get_attribute("data-money")) == units * unit
            assert f"({units * unit:,.2f})" in cell.text
    bankroll = 1000 * UNIT_SIZE / 10  # the money kept, cut in units of 10
    assert page_number(browser, '#counting [name="bankroll"]') == bankroll
    w, s = figure(browser, "win"), figure(browser, "sd")
    assert figure(browser, "ror") == pytest.approx(betting.risk_of_ruin(w, s, bankroll), rel=1e-12)
    type_text(browser, '#counting [name="bankroll"]', "1200")
    assert page_number(browser, '#counting [name="bankroll_money"]') == 12_000
    type_text(browser, '#counting [name="unit"]', "0")
    error = browser.find_element("css selector", "#risk .error")
    assert "unit size (money): more than 0" in error.text
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors


@pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="no headless Chromium")
def test_the_index_card_is_the_apis_for_the_game_the_form_describes(server, browser):
    """Issue 46: the counting page's index card is ``<game> indices --top N`` of the game the
    form describes (its rules, its count, the decks left the shoe game plays its indices at):
    the opening blackjack preset with insurance ticked (insurance's index among the plays), then
    Zero's preset; every row the API's."""
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from cardedge import blackjack, zero
    from cardedge.web.pages import simulate_presets

    browser.get(f"{server}/counting")
    form = browser.find_element("id", "simulate-form")
    card = browser.find_element("id", "card-form")
    panel = browser.find_element("id", "index-card")
    wait = WebDriverWait(browser, 60, poll_frequency=0.05)
    presets = simulate_presets()

    def made(top: int) -> list[list[str]]:
        type_text(browser, '#card-form [name="top"]', str(top))
        browser.execute_script("arguments[0].dataset.state = 'idle'", panel)
        card.find_element("css selector", "button").click()
        wait.until(lambda d: panel.get_attribute("data-state") in ("ready", "error"))
        assert panel.get_attribute("data-state") == "ready", panel.text
        return [
            [td.text for td in tr.find_elements("tag name", "td")]
            for tr in panel.find_elements("css selector", "tbody tr")
        ]

    def expected(table) -> list[list[str]]:
        return [
            [str(r["rank"]), r["hand"], r["up"], str(r["index"]), r["above"], r["below"],
             r["departure"], f"{r['gain']:.4f}"]
            for r in table.rows()
        ]  # fmt: skip

    section = form.find_element("css selector", '.game[data-game="blackjack"]')
    section.find_element("name", "insurance").click()
    shoe_only = ("penetration", "indices", "ramp")
    words = {k: v for k, v in presets[0]["words"].items() if k not in shoe_only}
    system = words.pop("count")
    want = blackjack.indices(**words, insurance=True, system=system, decks_left=5, top=18)
    assert "insurance" in [r["hand"] for r in want.rows()]
    assert made(18) == expected(want)
    Select(form.find_element("name", "simulate_preset")).select_by_value(str(len(presets) - 1))
    zero_words = presets[-1]["words"]
    want = zero.indices(rules=zero_words["rules"], system=zero_words["count"], decks_left=5, top=4)
    assert made(4) == expected(want)
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
