"""The server-rendered pages: an index, one calculator page per game (rule controls, and the
panels the page's script fills from the JSON API on every change) and the results/ browser.

A page only lays out controls and empty panels; every figure on it comes from
``/api/{game}/{command}``, the same text ``cardedge GAME COMMAND --format json`` prints.
"""

from __future__ import annotations

import html
import inspect
import json

from cardedge.analysis.core.rules import Payout, Rule, RuleSet, Totals
from cardedge.games import game as game_named
from cardedge.web.calls import (
    GAMES,
    SERVED,
    UPLOADS,
    grid_limit,
    parameters,
    web_room,
)

TITLE = "cardedge: exact " + " and ".join(game_named(g).label for g in GAMES)


def colours(game: str) -> dict[str, str]:
    """The game's chart colours, as its PNG charts and the terminal show them."""
    return game_named(game).part("colours")


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
with ``uploads`` is shown only once its file is chosen."""
UPLOAD_CONTROLS = {g: web_room(g).UPLOAD_CONTROLS for g in GAMES}
"""The files a page may upload (``calls.UPLOADS``): a chart to price beside the built-in ones,
and Zero's pay table. They stay in the browser between changes; a permalink cannot carry
them."""


def _panel_requests(game: str) -> list[dict]:
    """``PANELS[game]`` with, for each request, the page controls its command takes."""
    panels = json.loads(json.dumps(PANELS[game]))
    for panel in panels:
        for request in panel.get("requests", [panel]):
            taken = parameters(game, request["command"])
            request["keys"] = [name for name in CONTROLS[game] if name in taken]
    return panels


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
    own = getattr(web_room(game), "CONTROL_HELP", {})
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


def _panel(panel: dict) -> str:
    """An empty panel (the script fills it); a lazy one shows its button instead."""
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
        f'<div class="links"></div><div class="body">{inside}</div>{legend}</section>'
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
    limit, with_sd = grid_limit(False), grid_limit(True)
    note = (
        "The other rules: the page's controls above. One row per combination: the house edge "
        "under optimal play and basic strategy, and the additive estimate (the single-rule "
        f"effects added) with its error. At most {limit} combinations here ({with_sd} with "
        f"the SD); larger grids on the command line: <code>cardedge {html.escape(game)} "
        "grid</code>."
    )
    return (
        f'<section class="panel" id="grid" data-state="idle"><h2>Rule space</h2>'
        f'<form id="grid-form" autocomplete="off">{"".join(fields)}'
        '<label class="control"><input type="checkbox" name="sd"> SD of a round (slow)</label>'
        '<button type="submit">compute</button></form>'
        f'<p class="note">{note}</p><div class="links"></div>'
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


NAV = " ".join(f'<a href="/{g}">{html.escape(game_named(g).label.capitalize())}</a>' for g in GAMES)
"""The navigation's link to each game's page."""


def _layout(title: str, body: str, script: bool = False) -> str:
    tail = '<script src="/static/app.js"></script>' if script else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css"></head>
<body><nav><a href="/">cardedge</a> {NAV}
<a href="/results">results/</a> <a href="/api">API</a></nav>
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
    params = parameters(game, "edge") | parameters(game, "chart")  # chart: rules=published
    controls = "\n".join(_control(game, params[name]) for name in CONTROLS[game])
    grid = _grid_request(game)
    config = {
        "game": game,
        "panels": _panel_requests(game),
        "colours": colours(game),
        "grid": grid,
    }
    panels = "\n".join(_panel(p) for p in PANELS[game])
    if grid is not None:
        panels += "\n" + _grid_panel(game)
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
    return _layout(f"{name}: {TITLE}", body, script=True)


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
