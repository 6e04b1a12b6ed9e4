"""The server-rendered pages: an index, one calculator page per game (rule controls, and the
panels the page's script fills from the JSON API on every change) and the results/ browser.

A page only lays out controls and empty panels; every figure on it comes from
``/api/{game}/{command}``, the same text ``cardedge GAME COMMAND --format json`` prints.
"""

from __future__ import annotations

import html
import inspect
import json
import re

from cardedge.analysis.core.rules import Payout, Rule, RuleSet, Totals
from cardedge.games import game as game_named
from cardedge.web.calls import (
    GAMES,
    JOB_COST_SECONDS,
    MAX_COST_SECONDS,
    SERVED,
    UPLOADS,
    builtin_names,
    grid_limit,
    parameters,
    value_kind,
    web_room,
)

TITLE = "cardedge: exact " + " and ".join(game_named(g).label for g in GAMES)


def colours(game: str) -> dict[str, str]:
    """The game's chart colours, as its PNG charts and the terminal show them (none without a
    chart)."""
    return web_room(game).CHART_COLOURS


def _choices(game: str) -> dict[str, tuple[str, ...]]:
    """The page options offered as a list besides the declared rules' (Zero's preset)."""
    return web_room(game).choices()


RULE_SETS: dict[str, RuleSet] = {g: game_named(g).rules for g in GAMES}
"""Each game's declared rules (``analysis/<game>/rules.py``): one control each."""

CONTROLS = {
    g: ("decks", *web_room(g).PAGE_OPTIONS, *RULE_SETS[g].names, "shoe", "remove") for g in GAMES
}
"""The rule controls of each page, in order: the decks (and Zero's preset), every declared
rule (so a new rule gets its control, with its help), the shoe."""

PANELS = {g: web_room(g).PANELS for g in GAMES}
"""What each page shows: its panels and the API requests that fill them (each game's web
room). A ``lazy`` panel (the effects of removal: one analysis per rank removed) is computed
when asked for (its button), then on every change; the permalink says so (``show=eor``). A
request with ``uploads`` sends the files chosen for those keywords (``POST``); an edge figure
with ``uploads`` is shown only once its file is chosen. A ``printable`` panel (a chart) has a
button that prints it alone (the print stylesheet)."""
UPLOAD_CONTROLS = {g: web_room(g).UPLOAD_CONTROLS for g in GAMES}
"""The files a page may upload (``calls.UPLOADS``): a chart to price beside the built-in ones,
and Zero's pay table. They stay in the browser between changes; a permalink cannot carry
them."""


PANEL_CONTROLS = ("system",)
"""Controls a panel holds (the index chart's count), part of the rules form (``form="rules"``):
in the permalink, sent to the commands that take them."""


def _panel_requests(game: str) -> list[dict]:
    """``PANELS[game]`` with, for each request, the page controls its command takes."""
    panels = json.loads(json.dumps(PANELS[game]))
    controls = (*CONTROLS[game], *PANEL_CONTROLS)
    for panel in panels:
        for request in panel.get("requests", [panel]):
            taken = parameters(game, request["command"])
            request["keys"] = [name for name in controls if name in taken]
    return panels


def _system_control(game: str) -> str:
    """The index chart's count: every built-in system ``indices`` takes, the game's own first
    selected (``indices``' default)."""
    from cardedge.analysis.core.counts import BUILTIN, resolve_system

    default = parameters(game, "indices")["system"].default
    options = "".join(
        f'<option value="{name}"{" selected" if name == default else ""}>'
        f"{html.escape(resolve_system(name).name)}</option>"
        for name in BUILTIN
    )
    return (
        f'<label class="control">count <select name="system" form="rules">{options}</select>'
        "</label>"
    )


def _rule_control(rule: Rule, default: object) -> str:
    """A declared rule's control, its help as the label's tooltip. A default of None (Zero:
    the preset decides) offers 'preset's' first, sending nothing."""
    name, kind = rule.name, rule.kind
    label = html.escape(name.replace("_", " "))
    tip = html.escape(rule.help, quote=True)
    if kind.control == "switch" and default is not None:
        checked = " checked" if default else ""
        field = f'<input type="checkbox" name="{name}"{checked}>'
    elif kind.control in ("switch", "choice"):
        values = ("true", "false") if kind.control == "switch" else kind.choices()
        words = {"true": "on", "false": "off"}
        options = "".join(
            f'<option value="{html.escape(v)}"'
            f"{' selected' if default is not None and v == kind.text(default) else ''}>"
            f"{html.escape(words.get(v, v))}</option>"
            for v in values
        )
        if default is None:
            options = '<option value="" selected>preset\'s</option>' + options
        field = f'<select name="{name}">{options}</select>'
    else:
        bounds = ""
        if kind.control == "number":
            bounds = f' min="{kind.low}" max="{kind.high}"'  # type: ignore[attr-defined]
        value = "" if default is None else f' value="{html.escape(kind.text(default))}"'
        hint = "preset's" if default is None else ""
        kind_attr = "number" if kind.control == "number" else "text"
        field = (
            f'<input type="{kind_attr}" name="{name}"{bounds}{value} placeholder="{hint}" size="8">'
        )
    return f'<label class="control" title="{tip}">{label} {field}</label>'


def _control(game: str, p: inspect.Parameter) -> str:
    name, default = p.name, p.default
    if name in RULE_SETS[game].names:
        return _rule_control(RULE_SETS[game][name], default)
    label = html.escape(name.replace("_", " "))
    choices = _choices(game).get(name)
    if choices:
        options = "".join(
            f'<option value="{html.escape(c)}"{" selected" if c == default else ""}>'
            f"{html.escape(c)}</option>"
            for c in choices
        )
        field = f'<select name="{name}">{options}</select>'
    elif isinstance(default, bool):
        checked = " checked" if default else ""
        field = f'<input type="checkbox" name="{name}"{checked}>'
    elif name == "decks" or isinstance(default, int):
        low, high = (1, 8) if name == "decks" else (2, 4)
        field = f'<input type="number" name="{name}" min="{low}" max="{high}" value="{default}">'
    else:
        hint = "A=24,2=24,...,T=96" if name == "shoe" else "5,5,T"
        field = f'<input type="text" name="{name}" placeholder="{hint}" size="28">'
    return f'<label class="control">{label} {field}</label>'


SHOE_HELP = {
    "decks": "Decks in a fresh shoe (1-8).",
    "shoe": "A whole shoe instead of fresh decks: cards by rank, like A=24,2=24,...,T=96.",
    "remove": "Cards taken out of the shoe before the round, like 5,5,T (a depleted shoe).",
}
"""What the shoe's controls mean (every game has them)."""


def _controls_explained(game: str) -> str:
    """Each control in words, under the form: a rule's help from its declaration, a page
    option's from the game's web room (``CONTROL_HELP``: a preset explained), the shoe's."""
    own = web_room(game).CONTROL_HELP
    rules = RULE_SETS[game]
    items = []
    for name in CONTROLS[game]:
        text = rules[name].help if name in rules.names else own.get(name) or SHOE_HELP.get(name)
        if text:
            items.append(
                f"<dt>{html.escape(name.replace('_', ' '))}</dt><dd>{html.escape(text)}</dd>"
            )
    return (
        '<details class="help"><summary>What each control means</summary>'
        f"<dl>{''.join(items)}</dl></details>"
    )


def _upload_control(keyword: str, label: str) -> str:
    accept = ",".join(UPLOADS[keyword])
    return (
        f'<label class="control upload">{html.escape(label)} <input type="file" '
        f'data-upload="{keyword}" accept="{accept}"></label>'
    )


def _panel(game: str, panel: dict) -> str:
    """An empty panel (the script fills it); a lazy one shows its button instead. A
    ``printable`` panel (a chart) has a button that prints it on one page; the index chart,
    its count."""
    tools = ""
    if panel["kind"] == "indexchart":
        tools += _system_control(game)
    if panel.get("printable"):
        tools += (
            f'<button type="button" class="print" data-panel="{panel["id"]}">print this chart'
            "</button>"
        )
    tools = f'<div class="tools">{tools}</div>' if tools else ""
    if panel.get("lazy"):
        inside = (
            f'<button type="button" class="show" data-panel="{panel["id"]}">compute '
            f"({html.escape(panel['lazy'])})</button>"
        )
    else:
        inside = "computing..."
    legend = f'<p class="legend">{html.escape(panel["legend"])}</p>' if panel.get("legend") else ""
    return (
        f'<section class="panel" id="{panel["id"]}"><h2>{html.escape(panel["title"])}</h2>'
        f'{tools}<div class="links"></div><div class="body">{inside}</div>{legend}</section>'
    )


GRID_AXES = 2
"""The rules the rule-space panel varies at most (the heatmap's two sides); the API and the
command line take any number."""


def _vary_hint(kind) -> str:
    """What a varied rule's value list may be left as: every value (a switch, a list of
    choices, a short whole range), or the values to list (``allowed``, as an example)."""
    from cardedge.reports.core.grid import MAX_RANGE_VALUES

    if kind.control == "switch":
        return "all: true, false"
    if kind.choices():
        return "all: " + ", ".join(kind.choices())
    low, high = getattr(kind, "low", None), getattr(kind, "high", None)
    if kind.control == "number" and low is not None and high is not None:
        if high - low < MAX_RANGE_VALUES:
            return f"all: {low}..{high}"
        return f"list: {low},{low + 1},..."
    if isinstance(kind, Payout):
        return "list them: 1:1,3:2,2:1"
    if isinstance(kind, Totals):
        return "list them: none,9,8-9"
    return "list them, comma-separated"


def _grid_panel(game: str) -> str:
    """The rule-space panel (``grid``): one or two rules to vary (each with an optional list of
    values; the grid's own rules, Zero's preset among them), the page's controls as the rules
    kept fixed; ``app.js`` draws the table and a heatmap of the optimal edge."""
    kinds = web_room(game).grid_kinds()
    rules = RULE_SETS[game]
    helps = {name: rules[name].help if name in rules.names else kind.allowed()
             for name, kind in kinds.items()}  # fmt: skip
    options = "".join(
        f'<option value="{html.escape(name)}" data-hint="{html.escape(_vary_hint(kind))}"'
        f' title="{html.escape(helps[name])}">{html.escape(name.replace("_", " "))}</option>'
        for name, kind in kinds.items()
    )
    fields = []
    for i, word in zip(range(1, GRID_AXES + 1), ("vary", "and vary"), strict=True):
        fields.append(
            f'<label class="control">{word} <select name="vary{i}">'
            f'<option value="">{"(choose a rule)" if i == 1 else "(none)"}</option>{options}'
            "</select></label>"
            f'<label class="control">its values <input type="text" name="values{i}" size="18"'
            ' placeholder="all values"></label>'
        )
    limit, with_sd = grid_limit(game, False), grid_limit(game, True)
    most, most_sd = (grid_limit(game, sd, JOB_COST_SECONDS) for sd in (False, True))
    note = (
        "The other rules: the page's controls above. One row per combination: the house edge "
        "under optimal play and basic strategy, and the additive estimate (the single-rule "
        f"effects added) with its error. Up to {limit} combinations ({with_sd} with the SD) "
        f"in one request (about {MAX_COST_SECONDS:g} s of work); up to {most:,} ({most_sd:,}) "
        f"as a background job on the server, with a progress bar (about "
        f"{JOB_COST_SECONDS:g} s); larger grids on the command line: "
        f"<code>cardedge {html.escape(game)} grid</code>."
    )
    return (
        '<section class="panel" id="grid" data-state="idle">'
        "<h2>Rule space (house edge, % of the initial wager)</h2>"
        f'<form id="grid-form" autocomplete="off">{"".join(fields)}'
        '<label class="control"><input type="checkbox" name="sd"> SD of a round (slow)</label>'
        '<button type="submit">compute</button></form>'
        f'<p class="note">{note}</p><div class="links"></div>'
        '<div class="job" hidden><label>background job <progress max="1"></progress></label> '
        '<span class="job-text" role="status"></span> '
        '<button type="button" class="cancel">Cancel</button></div>'
        '<div class="error" hidden></div><div class="heatmap"></div><div class="body"></div>'
        "</section>"
    )


def _grid_request(game: str) -> dict | None:
    """The rule-space panel's request (the page controls ``grid`` takes), or None when the
    web serves no grid of the game."""
    if "grid" not in SERVED[game]:
        return None
    taken = parameters(game, "grid")
    return {"command": "grid", "keys": [name for name in CONTROLS[game] if name in taken]}


def _solve_panel(game: str) -> str:
    """The payout panel (``solve``), beside the rule space: a target house edge, the payout
    to solve (the game's: a natural, a Zero Pair, a side-bet row) and a ladder of payouts
    (empty: the payouts casinos print); the page's controls are the other rules. ``app.js``
    shows the solved payout and the ladder's nearest on each side of the target."""
    room = web_room(game)
    pays = "".join(
        f'<option value="{html.escape(name)}">{html.escape(words)}</option>'
        for name, words in room.solve_pays().items()
    )
    note = (
        "The payout at which the house edge is the target, exactly (the edge is affine in a "
        "payout settled at once), fed back as the rule's control; and the payouts a casino "
        "prints nearest it: on the house's side (the edge at least the target) and the "
        "player's. Ladder: payouts separated by commas (like 6:5,7:5,3:2); empty, the payouts "
        "casinos print (1:1, 6:5, 7:5, 3:2, 8:5, 2:1, 5:2, 3:1, 4:1, 5:1...)."
    )
    return (
        '<section class="panel" id="solve" data-state="idle">'
        "<h2>Payout for a target house edge</h2>"
        '<form id="solve-form" autocomplete="off">'
        '<label class="control">target house edge (%) <input type="number" name="target" '
        f'step="any" min="-100" max="100" value="{room.SOLVE_TARGET:g}" required></label>'
        f'<label class="control">payout <select name="pay">{pays}</select></label>'
        '<label class="control">ladder <input type="text" name="ladder" size="22" '
        'placeholder="the payouts casinos print"></label>'
        '<button type="submit">solve</button></form>'
        f'<p class="note">{html.escape(note)}</p><div class="links"></div>'
        '<div class="error" hidden></div><div class="body"></div></section>'
    )


def _solve_request(game: str) -> dict | None:
    """The payout panel's request (the page controls ``solve`` takes), or None when the web
    serves no ``solve`` of the game."""
    if "solve" not in SERVED[game]:
        return None
    taken = parameters(game, "solve")
    return {"command": "solve", "keys": [name for name in CONTROLS[game] if name in taken]}


COST_CHANGES_AT_ONCE = 4
"""The most changes the cost panel prices at once (each alone, then all together: a request
each, with the SD)."""


def cost_changes(game: str) -> list[dict]:
    """The changes the cost panel offers: the game's variants table's rule changes (its web
    room's ``cost_changes``), each its label and the controls it sets, as the query writes
    them (each rule's text: ``true``, ``6:5``)."""
    rules = RULE_SETS[game]
    return [
        {"label": label, "values": {name: rules[name].kind.text(v) for name, v in change.items()}}
        for label, change in web_room(game).cost_changes()
    ]


def _cost_panel(game: str) -> str:
    """The 'what does this change cost' panel: the page's game as the base, the changes
    ticked (the rules' declared variations), and side by side the house edge (optimal play,
    basic strategy), its change from the base (the cost, percentage points) and the SD of a
    round, of the base, each change alone and all of them together (``grid``, one row each)."""
    boxes = "".join(
        f'<label class="change"><input type="checkbox" name="change" value="{i}"> '
        f"{html.escape(change['label'])}</label>"
        for i, change in enumerate(cost_changes(game))
    )
    note = (
        "The base: the page's rules above, or the rules kept with 'keep as the base' (kept in "
        "this browser; then the page's own rules are priced against them too). Tick up to "
        f"{COST_CHANGES_AT_ONCE} changes: each is priced alone and all together (exactly: no "
        "rule-variation table's sum), with the SD of a round under optimal play. Cost: the "
        "change of the optimal house edge from the base, percentage points (positive: the house "
        "gains); interaction: all together minus the single costs added."
    )
    return (
        '<section class="panel" id="cost" data-state="idle">'
        "<h2>What does this change cost</h2>"
        f'<form id="cost-form" autocomplete="off"><div class="changes">{boxes}</div>'
        '<button type="submit">compute</button> '
        '<button type="button" id="cost-keep">keep the page\'s rules as the base</button> '
        '<button type="button" id="cost-forget">forget the kept base</button>'
        '<p class="note" id="cost-base" aria-live="polite">base: the page\'s rules</p></form>'
        f'<p class="note">{html.escape(note)}</p>'
        '<div class="error" hidden></div><div class="body"></div></section>'
    )


NAV = " ".join(f'<a href="/{g}">{html.escape(game_named(g).label.capitalize())}</a>' for g in GAMES)
"""The navigation's link to each game's page."""


def _layout(title: str, body: str, script: str = "") -> str:
    """A page: the navigation, ``body``, and the scripts ``static/<name>`` that ``script``
    names (space-separated, in order)."""
    tail = "".join(f'<script src="/static/{name}"></script>' for name in script.split())
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css"></head>
<body><nav><a href="/">cardedge</a> {NAV}
<a href="/counting">Counting</a> <a href="/results">results/</a> <a href="/api">API</a></nav>
<main>{body}</main>{tail}</body></html>
"""


def index_page() -> str:
    """The start page: what the calculator is, the games, the results, the JSON API."""
    items = "\n".join(
        f'<li><a href="/{g}">{html.escape(game_named(g).title)}</a>: '
        f"{html.escape(web_room(g).INDEX_LINE)}</li>"
        for g in GAMES
    )
    first = GAMES[0]
    body = f"""<h1>Exact house edges, in the browser</h1>
<p>Every figure here is computed exactly (no simulation) by the same code as the command line
<code>cardedge</code>, for any rules and any shoe.</p>
<ul>{items}
<li><a href="/counting">Counting</a>: risk of ruin, N0, SCORE, DI and Kelly bets from a win
rate and SD or a ramp, with the published shoe studies as presets</li>
<li><a href="/results">results/</a>: the published tables</li></ul>
<p>JSON API: <code>GET /api/{{game}}/{{command}}?option=value</code> answers what
<code>cardedge GAME COMMAND --option value --format json</code> prints
(e.g. <a href="/api/{first}/edge?decks=6">/api/{first}/edge?decks=6</a>);
<code>format=csv</code> gives the CSV.
The list of commands and options: <a href="/api">/api</a>.</p>
"""
    return _layout(TITLE, body)


def game_page(game: str) -> str:
    """A game's calculator: its rule controls and the panels ``app.js`` fills."""
    params = parameters(game, "edge")
    if game_named(game).has_chart:
        params |= parameters(game, "chart")  # chart: rules=published
    controls = "\n".join(_control(game, params[name]) for name in CONTROLS[game])
    grid = _grid_request(game)
    solve = _solve_request(game)
    config = {
        "game": game,
        "panels": _panel_requests(game),
        "colours": colours(game),
        "grid": grid,
        "solve": solve,
        "cost": None
        if grid is None
        else {**grid, "changes": cost_changes(game), "most": COST_CHANGES_AT_ONCE},
    }
    panels = "\n".join(_panel(game, p) for p in PANELS[game])
    if grid is not None:
        panels += "\n" + _grid_panel(game)
    if solve is not None:
        panels += "\n" + _solve_panel(game)
    if grid is not None:
        panels += "\n" + _cost_panel(game)
    name = game_named(game).title
    files = "\n".join(_upload_control(keyword, label) for keyword, label in UPLOAD_CONTROLS[game])
    body = f"""<h1>{name}: the exact calculator</h1>
<form id="rules" autocomplete="off">{controls}</form>
{_controls_explained(game)}
<form id="files" autocomplete="off">{files}</form>
<p class="status"><span id="status"></span> <a id="permalink" href="">permalink</a></p>
<div id="error" class="error" hidden></div>
{panels}
<script id="config" type="application/json">{_script_json(config)}</script>
"""
    return _layout(f"{name}: {TITLE}", body, script="jobs.js app.js")


def _script_json(value) -> str:
    """``value`` as JSON safe inside a <script> element (no ``</`` closes it early)."""
    return json.dumps(value).replace("</", "<\\/")


def results_page(names: list[str]) -> str:
    """The index of results/: by folder, one line per table (its stem) with links to each of
    its files, and each figure shown (a PNG, small, linking to itself)."""
    folders: dict[str, dict[str, list[str]]] = {}
    for name in names:
        folder, _, file = name.rpartition("/")
        stem, _, suffix = file.rpartition(".")
        folders.setdefault(folder, {}).setdefault(stem, []).append(name)
    sections = []
    for folder, stems in folders.items():
        rows = []
        for stem, files in stems.items():
            links = " ".join(
                f'<a href="/results/{html.escape(f)}">{html.escape(f.rpartition(".")[2])}</a>'
                for f in files
            )
            figures = "".join(
                f'<a href="/results/{html.escape(f)}"><img src="/results/{html.escape(f)}" '
                f'alt="{html.escape(stem)}" loading="lazy" class="thumb"></a>'
                for f in files
                if f.endswith(".png")
            )
            rows.append(f"<li><b>{html.escape(stem)}</b> {links}{figures}</li>")
        title = f"results/{folder}/" if folder else "results/"
        sections.append(f'<h2>{html.escape(title)}</h2><ul class="results">{"".join(rows)}</ul>')
    body = (
        f"<h1>results/</h1><p>The published tables and figures ({len(names)} files): each "
        "table as Markdown and CSV (shown as a table; <i>raw</i> for the file itself), each "
        f"figure as PNG.</p>{''.join(sections)}"
    )
    return _layout(f"results/: {TITLE}", body)


def result_file_page(name: str, text: str) -> str:
    """One results/ text file as a page: a CSV or Markdown table as an HTML table with its
    title and notes, JSON as text; a link to the raw file."""
    raw = f'<a href="/results/{html.escape(name)}?raw=1">raw</a>'
    if name.endswith(".csv"):
        shown = _csv_html(text)
    elif name.endswith(".md"):
        shown = _markdown_html(text)
    else:
        shown = f"<pre>{html.escape(text)}</pre>"
    body = f"<h1>{html.escape(name)}</h1><p>{raw}</p>{shown}"
    return _layout(f"{name}: {TITLE}", body)


def _csv_html(text: str) -> str:
    """A results CSV (its '#' lines: the title, then notes) as HTML."""
    import csv

    lines = text.splitlines()
    header = [line[1:].strip() for line in lines if line.startswith("#")]
    rows = list(csv.reader(line for line in lines if line and not line.startswith("#")))
    out = [f"<h2>{html.escape(header[0])}</h2>"] if header else []
    out.append(_html_table(rows))
    out += [f'<p class="note">{html.escape(note)}</p>' for note in header[1:]]
    return "".join(out)


def _markdown_html(text: str) -> str:
    """A results Markdown file (headings, a pipe table, notes as list items) as HTML; any
    other line as a paragraph. Everything escaped."""
    out: list[str] = []
    table: list[list[str]] = []
    for line in text.splitlines() + [""]:
        stripped = line.strip()
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not all(set(c) <= set(":-") and c for c in cells):  # not the alignment row
                table.append(cells)
            continue
        if table:
            out.append(_html_table(table))
            table = []
        if stripped.startswith("#"):
            level = max(2, min(len(stripped) - len(stripped.lstrip("#")), 4))  # h1: the page
            out.append(f"<h{level}>{html.escape(stripped.lstrip('#').strip())}</h{level}>")
        elif stripped.startswith("- "):
            out.append(f'<p class="note">{html.escape(stripped[2:])}</p>')
        elif stripped:
            out.append(f"<p>{html.escape(stripped.strip('_'))}</p>")
    return "".join(out)


def _html_table(rows: list[list[str]]) -> str:
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows[1:]
    )
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    # a wide table scrolls in its box: focusable, so a keyboard can scroll it too
    return f'<div class="panel" tabindex="0" role="region" aria-label="table">{table}</div>'


COUNTING_FORMULAS = (
    (
        "Per round",
        "A win rate W and SD S per 100 rounds are w = W / 100, s = S / 10 per round; "
        "per hour at N rounds an hour, w = W / N, s = S / &radic;N.",
    ),
    (
        "Risk of ruin",
        "RoR = exp(&minus;2 w B / s&sup2;) for a bankroll of B units: the diffusion "
        "approximation of play that never stops and never resizes its bets (1 when w &le; 0).",
    ),
    ("Bankroll for a risk r", "B = &minus;s&sup2; ln(r) / (2 w) units (none when w &le; 0)."),
    (
        "N0",
        "s&sup2; / w&sup2; rounds: the rounds after which the expected win equals one SD "
        "of the total (in hours: N0 / N).",
    ),
    (
        "SCORE",
        "10&#8310; w&sup2; / s&sup2;: the win per 100 rounds, in units, of this way of "
        "betting scaled to a 10,000-unit bankroll at its optimal (13.5% risk of ruin) size.",
    ),
    ("DI", "1000 w / s, the desirability index: the square root of SCORE."),
    (
        "A ramp's win and SD",
        "w = &Sigma; p<sub>k</sub> b<sub>k</sub> e<sub>k</sub>, "
        "s&sup2; = &Sigma; p<sub>k</sub> b<sub>k</sub>&sup2; m<sub>2</sub> &minus; w&sup2;, "
        "over the true counts k: p the share of the rounds, e the player's edge, b the bet, "
        "m<sub>2</sub> a round's second moment (E[net&sup2;] of a one-unit round).",
    ),
    (
        "Money",
        "A sum in units (a win, an SD, a bankroll, a bet) times the unit size u is the sum in "
        "money; a bankroll of M in money is M / u units.",
    ),
    (
        "Kelly bets",
        "at each true count, f = e / m<sub>2</sub> of the bankroll (0 where e "
        "&le; 0): full Kelly f B units, half Kelly f B / 2, rounded to whole units (halves up) and "
        "kept within the spread.",
    ),
)
"""The counting page's formulas, as stated on it (HTML): ``reports.core.betting``'s, which the
study tables use."""


def _number(name: str, label: str, value: str, step: str = "any", low: str = "") -> str:
    bounds = f' min="{low}"' if low else ""
    return (
        f'<label class="control">{label} <input type="number" name="{name}" '
        f'value="{value}" step="{step}"{bounds} size="9"></label>'
    )


def _check(name: str, label: str, on: bool) -> str:
    checked = " checked" if on else ""
    return f'<label class="control"><input type="checkbox" name="{name}"{checked}> {label}</label>'


def _choice(name: str, label: str, values, chosen) -> str:
    options = "".join(
        f'<option value="{html.escape(str(v))}"{" selected" if v == chosen else ""}>'
        f"{html.escape(str(v))}</option>"
        for v in values
    )
    return f'<label class="control">{label} <select name="{name}">{options}</select></label>'


SIMULATE_ROUNDS = 2_000_000
"""The "Simulate your game" form's first number of rounds: a few seconds of a job."""

FROM_CALCULATORS = ("bankroll", "risk")
"""A shoe game's keywords the form takes from the calculators below it (the bankroll and the
target risk the simulation's optimal ramp is sized for), not from a control of its own."""

RUN_KEYWORDS = ("rounds", "seed")
"""A shoe game's keywords that say how long to deal, not what the game is (a preset leaves
them as they are): the form's last fieldset."""

SHOE_LABELS = {
    "penetration": "penetration (share dealt)",
    "players": "players at the table",
    "burn": "cards burned",
    "count": "count",
    "indices": "index plays",
    "ramp": "ramp (units by true count)",
    "wong_out": "wong out below true count",
    "tc_convention": "true count made whole by",
    "tc_divisor": "decks left (divisor)",
    "strategy": "chart played",
    "rounds": "rounds",
    "seed": "seed (blank: a new one)",
}
"""The shoe game's controls in a counter's words (a keyword not here: its name); the help of
each is its declaration's (``api/options.py``), shown as the control's tooltip and listed under
the form."""


HELP_WORDS = {"what": "cards", "charts": "the built-in charts"}
"""The words a help leaves to its command (``{what}``), as the form's tooltips say them."""


def simulate_keywords(game: str) -> dict[str, inspect.Parameter]:
    """The keywords of ``game``'s shoe game the "Simulate your game" form has a control for:
    every keyword of the API's ``simulate`` the web takes, less the calculators' own
    (``FROM_CALCULATORS``), in the signature's order."""
    return {n: p for n, p in parameters(game, "simulate").items() if n not in FROM_CALCULATORS}


def _keyword_help(game: str, name: str) -> str:
    """A shoe game keyword's help: its rule's declaration, or its option's (the game's own
    ``simulate`` options, then the family's), or none."""
    from cardedge.api.core import api_room
    from cardedge.api.options import SIMULATE

    if name in RULE_SETS[game].names:
        return RULE_SETS[game][name].help
    own = api_room(game).OPTIONS.get("simulate", {})
    declared = own.get(name) or SIMULATE.get(name)
    if declared is None:
        return SHOE_HELP.get(name, "")
    text = declared.help.replace("{choices}", ", ".join(declared.words))
    return re.sub(r"\{(\w+)\}", lambda m: HELP_WORDS.get(m.group(1), m.group(1)), text)


def _keyword_control(game: str, p: inspect.Parameter, value: object) -> str:
    """A non-rule keyword of the shoe game as a control, by the kind the API reads it with
    (``calls.value_kind``): a switch a checkbox; a choice, or a keyword naming a file (its
    built-in names on the web), a list; a number a number box (its range); else a text box.
    ``value``: its first value (a preset's, or the API's default)."""
    from cardedge.analysis.core.rules import Switch, Whole
    from cardedge.api.params import Maybe

    name = p.name
    kind = value_kind(game, "simulate", name)
    inner = kind.kind if isinstance(kind, Maybe) else kind
    label = html.escape(SHOE_LABELS.get(name, name.replace("_", " ")))
    tip = html.escape(_keyword_help(game, name), quote=True)
    names = builtin_names(game).get(name) or _choices(game).get(name) or inner.choices()
    if isinstance(inner, Switch) or isinstance(p.default, bool):
        checked = " checked" if value else ""
        return (
            f'<label class="control" title="{tip}"><input type="checkbox" name="{name}"'
            f"{checked}> {label}</label>"
        )
    if names:
        options = "".join(
            f'<option value="{html.escape(v)}"{" selected" if v == value else ""}>'
            f"{html.escape(v)}</option>"
            for v in names
        )
        if value is None or isinstance(kind, Maybe):
            none = html.escape(kind.none_means if isinstance(kind, Maybe) else "default")
            selected = " selected" if value is None else ""
            options = f'<option value=""{selected}>{none}</option>' + options
        field = f'<select name="{name}">{options}</select>'
    else:
        shown = "" if value is None else html.escape(str(value))
        hint = html.escape(kind.none_means) if isinstance(kind, Maybe) else ""
        if inner.control == "number":
            low, high = getattr(inner, "low", None), getattr(inner, "high", None)
            bounds = "".join(
                f' {attr}="{bound}"'
                for attr, bound in (("min", low), ("max", high))
                if bound is not None
            )
            step = "1" if isinstance(inner, Whole) else "any"
            field = (
                f'<input type="number" name="{name}" value="{shown}" step="{step}"{bounds}'
                f' placeholder="{hint}">'
            )
        else:
            field = (
                f'<input type="text" name="{name}" value="{shown}" size="14" placeholder="{hint}">'
            )
    return f'<label class="control" title="{tip}">{label} {field}</label>'


DECK_CHOICES = tuple(range(1, 9))
"""The decks of a shoe game's shoe (one count, 1-8: the pages' range)."""


def _form_value(kind, value: object) -> object:
    """A keyword's value as the form holds it: a switch's True or False, else its text ('' for
    None: the control left blank, the API's default)."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else value
    text = getattr(kind, "text", None)
    try:
        return text(value) if callable(text) else str(value)
    except (TypeError, ValueError, AttributeError):
        return str(value)


def preset_words(game: str, words: dict[str, object]) -> dict[str, object]:
    """Every control of ``game``'s shoe game form (``simulate_keywords``, less the run's) as a
    preset sets it: the preset's ``words``, the API's default for every other, as the form
    holds them (``_form_value``); ValueError for a word the API's ``simulate`` does not take."""
    keywords = simulate_keywords(game)
    unknown = sorted(set(words) - set(keywords))
    if unknown:
        raise ValueError(f"a {game} shoe game preset: no keyword {', '.join(unknown)}")
    rules = RULE_SETS[game]
    filled = {}
    for name, p in keywords.items():
        if name in RUN_KEYWORDS:
            continue
        kind = rules[name].kind if name in rules.names else value_kind(game, "simulate", name)
        filled[name] = _form_value(kind, words.get(name, p.default))
    return filled


def simulate_fields(game: str, words: dict[str, object]) -> str:
    """``game``'s part of the "Simulate your game" form, built from the API's ``simulate``
    (``simulate_keywords``) so that a rule or option declared later gets its control by itself:
    the decks, the page options and every declared rule (the main page's controls,
    ``_rule_control``), then the shoe game's options (``_keyword_control``); first values
    ``words`` (``preset_words``). A web room's ``simulate_panel`` hands it out."""
    keywords = simulate_keywords(game)
    rules = RULE_SETS[game]
    room = web_room(game)
    rule_part = [_choice("decks", "decks", DECK_CHOICES, int(str(words.get("decks", 6))))]
    shoe_part = []
    for name, p in keywords.items():
        if name == "decks" or name in RUN_KEYWORDS:
            continue
        value = words.get(name, p.default)
        if name in rules.names:
            rule_part.append(_rule_control(rules[name], _rule_value(rules[name], value)))
        elif name in room.PAGE_OPTIONS:
            rule_part.append(_keyword_control(game, p, value or None))
        else:
            shoe_part.append(_keyword_control(game, p, value if value != "" else None))
    title = html.escape(game_named(game).label.capitalize())
    return (
        f'<div class="game" data-game="{html.escape(game)}">'
        f"<fieldset><legend>Rules ({title})</legend>{''.join(rule_part)}</fieldset>"
        f"<fieldset><legend>Shoe, count and bets</legend>{''.join(shoe_part)}</fieldset>"
        f"{_simulate_help(game)}</div>"
    )


def _rule_value(rule: Rule, value: object) -> object:
    """A rule's value as ``_rule_control`` takes it: the rule's own (a form's text read back;
    empty: None, the preset's)."""
    if value == "":
        return None
    if isinstance(value, str) and rule.kind.control == "switch":
        return value == "true"
    if isinstance(value, str) and value != "":
        try:
            return rule.kind.parse(value)
        except ValueError:
            return value
    return None if value == "" else value


def _simulate_help(game: str) -> str:
    """Each control of the form in words: its declaration's help (the run's last)."""
    items = "".join(
        f"<dt>{html.escape(SHOE_LABELS.get(name, name.replace('_', ' ')))}</dt>"
        f"<dd>{html.escape(_keyword_help(game, name))}</dd>"
        for name in sorted(simulate_keywords(game), key=lambda name: name in RUN_KEYWORDS)
        if _keyword_help(game, name)
    )
    return (
        '<details class="help"><summary>What each control means</summary>'
        f"<dl>{items}</dl></details>"
    )


def simulate_games() -> list[str]:
    """The games whose web room has the "Simulate your game" form (``simulate_panel``), in
    the registry's order but the game of the preset marked ``opens`` (``shoe_preset``) first."""
    games = [g for g in GAMES if web_room(g).simulate_panel() is not None]
    return sorted(games, key=lambda g: not any(p["opens"] for p in web_room(g).SIMULATE_PRESETS))


def simulate_presets() -> list[dict]:
    """The "Simulate your game" presets of every game with the form, by ``simulate_games``:
    each its game, name, words in a line and every control's value (``preset_words``). The
    first is chosen when the page opens."""
    found = []
    for g in simulate_games():
        for preset in web_room(g).SIMULATE_PRESETS:
            found.append({**preset, "controls": preset_words(g, preset["words"])})
    return found


def _simulate_panels(presets: list[dict]) -> str:
    """The "Simulate your game" panel: a preset (each carrying its game), each game's rules and
    shoe game (``simulate_fields``: the chosen preset's game shown), the rounds and seed; a
    shoe game dealt on the server as a background job (``counting.js``). Empty when no game has
    a shoe game to deal."""
    from cardedge.web.calls import MAX_JOB_ROUNDS

    games = simulate_games()
    if not games:
        return ""
    options = []
    for g in games:
        rows = "".join(
            f'<option value="{i}">{html.escape(p["name"])}: {html.escape(p["about"])}</option>'
            for i, p in enumerate(presets)
            if p["game"] == g
        )
        label = html.escape(game_named(g).label.capitalize())
        options.append(f'<optgroup label="{label}">{rows}</optgroup>' if len(games) > 1 else rows)
    first = {g: next((p["controls"] for p in presets if p["game"] == g), {}) for g in games}
    parts = "".join(web_room(g).simulate_panel()(first[g]) for g in games)
    keywords = simulate_keywords(games[0])
    run = "".join(
        _keyword_control(games[0], keywords[name], SIMULATE_ROUNDS if name == "rounds" else None)
        for name in RUN_KEYWORDS
        if name in keywords
    )
    return f"""<section class="panel" id="simulate"><h2>Simulate your game</h2>
<form id="simulate-form" autocomplete="off">
<fieldset><legend>Your game</legend>
<label class="control">preset of a game <select name="simulate_preset">{"".join(options)}
<option value="">(as set below)</option></select></label></fieldset>
{parts}
<fieldset class="run"><legend>Run</legend>{run}
<button type="submit">simulate</button></fieldset></form>
<div class="job" hidden><label>background job <progress max="1"></progress></label>
<span class="job-text" role="status"></span>
<button type="button" class="cancel">Cancel</button></div>
<p class="summary" hidden></p><div class="error" hidden></div>
<p class="legend">A preset fills the form (its game's rules, the shoe, the count and the ramp);
change any control to describe your own game. The game is dealt on the server as a background
job (at most {MAX_JOB_ROUNDS:,} rounds), with the bankroll and target risk below (its optimal
ramp). Once done, its figures fill the calculators: the ramp table by true count (each count's
share of the rounds, the player's edge simulated there and your ramp's bets; each count's own
second moment of a round), so the win, SD and every figure below are the simulated ramp's, and
recompute as you change a bet, the bankroll or the unit.</p></section>"""


CARD_PLAYS = 18
"""The index card's plays when the page opens (the Illustrious 18's number)."""


def _index_card_panel(games: list[str]) -> str:
    """The index card of the game the simulate form describes (``<game> indices --top N``:
    its rules, its count, the decks left where the shoe game computes its index plays), with
    the card's one convention stated; empty without a game to simulate. The keywords each
    game's ``indices`` takes ride along for the page's script."""
    from cardedge.api.params import MAX_CARD_PLAYS
    from cardedge.reports.core.indices import CARD_CONVENTION

    if not games:
        return ""
    keys = {g: list(parameters(g, "indices")) for g in games}
    return f"""<section class="panel" id="index-card" data-state="idle"><h2>Index card</h2>
<form id="card-form" autocomplete="off"><label class="control">plays <input type="number"
name="top" min="1" max="{MAX_CARD_PLAYS}" value="{CARD_PLAYS}" size="4"></label>
<button type="submit">make the index card of the game above</button></form>
<p class="note">The index plays of largest gain for the game described above (its rules and
count; insurance's index where its rules offer insurance), as the Illustrious 18 are chosen,
from the exact index table the shoe game plays (<code>indices --top</code>). Index:
{html.escape(CARD_CONVENTION)}.</p>
<div class="error" hidden></div><div class="body"></div>
<script id="card-keys" type="application/json">{_script_json(keys)}</script></section>"""


MONEY_FIGURES = ("win", "sd", "bankroll_for_risk")
"""The figures that are sums of money: shown in units and, at the unit size, in money."""

UNIT_SIZE = 25
"""The unit's first size in money (a $25 table's smallest bet)."""


def counting_page(presets: list[dict]) -> str:
    """The counter's risk calculators (``counting.js`` computes every figure as the values
    change): a win rate and SD (per round, per 100 rounds or per hour), or a ramp's, a bankroll
    and a target risk give the risk of ruin, the bankroll for the risk, N0, SCORE, DI; a ramp
    table gives its win and SD and the Kelly bets; a unit size in money shows every sum of
    money in units and in money. ``presets``: ``web.counting.presets`` (the page opens on the
    first of the game of the first "Simulate your game" preset, ``simulate_presets``)."""
    options = '<option value="">(your own figures)</option>' + "".join(
        f'<option value="{i}">{html.escape(p["label"])}</option>' for i, p in enumerate(presets)
    )
    bases = "".join(
        f'<option value="{v}"{" selected" if v == "100" else ""}>{w}</option>'
        for v, w in (("round", "per round"), ("100", "per 100 rounds"), ("hour", "per hour"))
    )
    formulas = "".join(f"<dt>{name}</dt><dd>{text}</dd>" for name, text in COUNTING_FORMULAS)
    figures = "".join(
        f'<div class="figure" data-figure="{key}"><span class="label">{label}</span>'
        '<span class="value">&nbsp;</span>'
        + ('<span class="money" data-money="">&nbsp;</span>' if key in MONEY_FIGURES else "")
        + "</div>"
        for key, label in (
            ("win", "win (units; in money)"),
            ("sd", "SD (units; in money)"),
            ("ror", "risk of ruin with the bankroll"),
            ("bankroll_for_risk", "bankroll for the target risk (units; in money)"),
            ("n0", "N0 (rounds)"),
            ("n0_hours", "N0 (hours)"),
            ("score", "SCORE (units per 100 rounds, 10,000-unit bank)"),
            ("di", "DI (1000 w / s)"),
        )
    )
    simulate = simulate_presets()
    body = f"""<h1>Counting: risk of ruin, N0, SCORE, DI and Kelly bets</h1>
<p>The risk calculators counters use, computed in this page as you type, with the formulas
below (the ones the <a href="/results">shoe studies' tables</a> use). Describe your game and
simulate it, or choose a published shoe study: its share of the rounds, the player's edge by
true count (exact for each round's cards), its ramp and a round's second moment.</p>
{_simulate_panels(simulate)}
{_index_card_panel(simulate_games())}
<form id="counting" autocomplete="off">
<fieldset><legend>Game</legend>
<label class="control">preset <select name="preset">{options}</select></label>
<label class="control">win and SD <select name="source">
<option value="typed">as typed</option><option value="ramp">from the ramp table</option>
</select></label></fieldset>
<fieldset><legend>Win rate and SD, in units of the smallest bet</legend>
<label class="control">given <select name="basis">{bases}</select></label>
{_number("rounds_per_hour", "rounds an hour", "100", "1", "1")}
{_number("win", "win rate (units)", "1")}
{_number("sd", "SD (units)", "115", "any", "0")}</fieldset>
<fieldset><legend>Money, bankroll and bets</legend>
{_number("unit", "unit size (money)", str(UNIT_SIZE), "any", "0")}
{_number("bankroll_money", "bankroll (money)", str(1000 * UNIT_SIZE), "any", "0")}
{_number("bankroll", "bankroll (units)", "1000", "any", "0")}
{_number("risk", "target risk of ruin (%)", "13.5", "any", "0")}
{_number("low", "smallest bet (units)", "1", "any", "0")}
{_number("high", "largest bet (units)", "8", "any", "0")}
{_number("second_moment", "second moment of a round, m2 (units&sup2;)", "1.3", "any", "0")}
</fieldset></form>
<section class="panel" id="risk"><h2>Risk, N0, SCORE, DI (units of the smallest bet, and
money)</h2>
<div class="body">{figures}</div><div class="error" hidden></div>
<p class="legend">Win and SD per round, per 100 rounds and per hour, in units and (below them)
in money at the unit size; risk of ruin in percent; bankroll in units and in money. The
bankroll in money stays as typed when the unit changes (its units follow). A figure that does
not exist (N0, SCORE, DI or a bankroll when the win is not positive) shows as
&ldquo;none&rdquo;.</p></section>
<section class="panel" id="ramp"><h2>Ramp and Kelly bets by true count (units, and money)</h2>
<div class="body"><p class="note">Choose a preset to fill the table; then change its bets or
edges.</p></div>
<p class="legend">share: of the rounds dealt, %; player edge: % of the initial wager, the
player's sign (a study preset: exact, the study's mean over the count's rounds; a simulation:
simulated); bet: your ramp, units (the preset: the study's stated ramp); full and half Kelly:
units for the bankroll above, within the smallest and largest bet, and in money at the unit
size.</p></section>
<details class="help" open><summary>The formulas (w, s: win and SD per round, units)</summary>
<dl>{formulas}</dl></details>
<script id="presets" type="application/json">{_script_json(presets)}</script>
<script id="simulate-presets" type="application/json">{_script_json(simulate)}</script>
"""
    return _layout(f"Counting: {TITLE}", body, script="jobs.js counting.js")
