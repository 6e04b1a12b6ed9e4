"""A web request as an API call: ``GET /api/{game}/{command}?option=value`` checked and
translated into ``cardedge.zero.COMMAND(option=value)`` (or ``cardedge.blackjack``'s), its
result rendered as the command line renders it (``render_many``), with the bounds a public
page needs: built-in names where the command line would read a file, or the file's text
uploaded with the request (``POST``, ``parse_uploads``: a chart, a pay table, a count system;
small, plain names, written only into the call's own temporary folder), no written files, no
long computations.

The keywords and their types come from the API function's own signature (its defaults and
annotations), so a new option of a command reaches the web without a line here; the values
are then checked by the API itself (``cardedge.api.core.BadValue``), as on the command line.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardedge.core.errors import BadValue
from cardedge.games import game as game_named
from cardedge.games import games
from cardedge.web.core import web_room

GAMES: tuple[str, ...] = tuple(game.name for game in games())
"""The registered games (``cardedge.games``)."""


SERVED: dict[str, tuple[str, ...]] = {game: web_room(game).SERVED for game in GAMES}
"""The commands the web answers, per game (each game's web room says). Not served: ``study``
(minutes of work, files written), ``play`` (interactive), ``tables`` and ``studies`` (they
write results/)."""

NOT_SERVED = {
    "study": "a shoe study runs for minutes and writes files: run `cardedge GAME study`",
    "play": "play is the terminal trainer: run `cardedge GAME play`",
    "tables": "tables writes results/: run `cardedge tables`",
    "studies": "studies writes results/study: run `cardedge studies`",
}

REFUSED_KEYWORDS = (
    "png", "out", "log", "progress", "threads", "workers", "scheduler", "resume", "index_file",
)  # fmt: skip
"""Keywords the web never takes: files written or read on the server's disk (an index file),
callbacks, and where the work runs (the simulator's threads, a grid's Dask workers or
scheduler, a resumed grid file): those are the server's own settings, never a client's, so no
request makes the server read a file, dial an address or start processes."""

REPEATABLE: dict[str, set[tuple[str, str]]] = {}
for _game in GAMES:
    for _name, _commands in web_room(_game).REPEATABLE.items():
        REPEATABLE.setdefault(_name, set()).update((_game, c) for c in _commands)
"""Keywords a query may give several times, and the commands where, as (game, command) (the
command line's repeatable options, checked against them by tests/test_web.py; each game's
web room lists its own); the function then takes the list."""


def repeatable(game: str, command: str, name: str) -> bool:
    """May ``name`` be given several times to ``game command``? (listed by the web room, or
    declared repeatable among the command's own options, ``OPTIONS``)"""
    if (game, command) in REPEATABLE.get(name, set()):
        return True
    from cardedge.api.core import api_room

    row = api_room(game).OPTIONS.get(command, {}).get(name)
    return bool(row is not None and row.multiple)


MAX_DECK_COUNTS = 8
"""The most deck counts one request may ask for (``decks=1..8`` at most)."""
MAX_ROUNDS = 200_000
"""The most rounds a simulation may deal in one request (about a second)."""
GRID_COST_SECONDS: dict[str, tuple[float, float]] = {
    game: web_room(game).GRID_COST_SECONDS for game in GAMES
}
"""What one combination of a game's grid costs at most, in seconds, without and with the SD
(each game's web room: its combinations' work counted unshared, measured by
``bench/web_costs.py --grid`` times about 1.5); ``grid_cost`` multiplies it by the shoes and
combinations a request asks for."""
MAX_COST_SECONDS = 10.0
"""The largest estimated cost a request may have (a third of the server's 30 s limit, so that
one queued behind another still finishes within it); larger ones are refused up front (403)."""
JOB_COST_SECONDS = 10 * MAX_COST_SECONDS
"""The largest estimated cost a background job may have (``POST /api/{game}/jobs``, a
``JOB_COMMANDS`` command): ten requests' (blackjack's grid: 1,249 combinations, 222 with the
SD; the command line's 288-combination example fits); larger ones are refused up front
(403)."""
JOB_COMMANDS: tuple[str, ...] = tuple(
    dict.fromkeys(c for game in GAMES for c in web_room(game).JOB_COMMANDS)
)
"""The commands a background job runs, of any game (each game's web room lists its own,
``job_commands``; the rest answer within a request or not at all)."""
SHOE_ROUND_SECONDS = 5e-6
"""What one round of a simulated shoe game (``simulate`` with ``penetration``) costs at most,
in seconds: measured 1.2 us a round on one thread (8 decks, 7 players, index plays; 2-core
machine, others working), times about 4 (a shared server)."""
MAX_JOB_ROUNDS = int(JOB_COST_SECONDS / SHOE_ROUND_SECONDS)
"""The most rounds a background job's shoe game may deal: the job budget over
``SHOE_ROUND_SECONDS`` (20,000,000 rounds at 100 s); a job's fresh-shoe simulation (no
``penetration``) takes ``MAX_ROUNDS`` times the job budget over a request's (2,000,000)."""


def job_commands(game: str) -> tuple[str, ...]:
    """The commands ``game`` runs as background jobs (its web room's ``JOB_COMMANDS``)."""
    return web_room(game).JOB_COMMANDS


def round_limit(game: str, keywords: dict, budget: float, job: bool) -> int:
    """The most rounds a ``simulate`` call may deal: a request's ``MAX_ROUNDS``; a job's
    (``job``) follows its ``budget``: a shoe game's ``budget / SHOE_ROUND_SECONDS``, a fresh
    shoe's ``MAX_ROUNDS`` scaled from a request's budget to the job's."""
    if not job:
        return MAX_ROUNDS
    if keywords.get("penetration") is not None:
        return int(budget / SHOE_ROUND_SECONDS)
    return int(MAX_ROUNDS * budget / MAX_COST_SECONDS)


MAX_VALUE_CHARS = 400
"""The longest value of one option (a shoe spec is under 100 characters)."""
MAX_QUERY_ITEMS = 40
"""The most option values in one query."""

FORMATS = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "markdown": "text/markdown; charset=utf-8",
    "table": "text/plain; charset=utf-8",
}
"""The formats a request may ask for (``format=``), with their content types."""


class Refused(ValueError):
    """A request the web does not answer (one line): ``status`` is the HTTP status; ``job``
    is true when the same call would be taken as a background job (too costly for one request,
    within a job's budget: ``POST /api/{game}/jobs``)."""

    def __init__(self, message: str, status: int = 400, job: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.job = job


@dataclass(frozen=True)
class Upload:
    """A file a request uploads for a keyword (``POST``): its name (a plain file name whose
    suffix says its type) and its text."""

    keyword: str
    name: str
    text: str

    def key(self) -> tuple[str, str, str]:
        import hashlib

        text = self.text.encode("utf-8", "surrogatepass")
        return (self.keyword, self.name, hashlib.sha256(text).hexdigest())


@dataclass(frozen=True)
class Call:
    """One checked request: the API function's module, name and keywords (values as the
    function takes them), the files uploaded for keywords, and the output format."""

    game: str
    command: str
    keywords: tuple[tuple[str, object], ...]
    fmt: str
    uploads: tuple[Upload, ...] = ()

    def key(self) -> tuple:
        """The cache key: the same call whatever the order or spelling of its options (an
        upload by its name and the digest of its text); a value by its type and its repr, so
        that values Python holds equal but a table prints apart (``-0.0`` and ``0.0``, ``1``
        and ``True``) are two calls."""
        uploads = tuple(u.key() for u in self.uploads)
        keywords = tuple((name, _key_value(value)) for name, value in self.keywords)
        return (self.game, self.command, keywords, self.fmt, uploads)

    def cacheable(self) -> bool:
        """May the answer be kept and shared? Not a simulation without a seed: each asks for a
        new random run."""
        return not (self.command == "simulate" and dict(self.keywords).get("seed") is None)

    def run(self, progress=None) -> str:
        """Call the API function and render its result (``--format FMT``'s text); uploaded
        files are written into a private temporary folder for the call (the API reads files)
        and named in any error by their own names only. ``progress`` goes to a function that
        reports its steps (the server's deadline checks: ``work.stopper``)."""
        import tempfile

        from cardedge.reports.core.render import render_many

        keywords = dict(self.keywords)
        if (
            progress is not None
            and "progress" in api_function(self.game, self.command).keyword_kinds
        ):
            keywords["progress"] = progress
        if not self.uploads:
            return render_many(api_function(self.game, self.command)(**keywords), self.fmt)
        with tempfile.TemporaryDirectory(prefix="cardedge-upload-") as folder:
            for k, u in enumerate(self.uploads):
                # a folder of its own each: two uploads of one name are two files
                (Path(folder) / str(k)).mkdir()
                path = Path(folder) / str(k) / u.name
                path.write_text(u.text, encoding="utf-8")
                if repeatable(self.game, self.command, u.keyword):
                    keywords[u.keyword] = (*_listed(keywords.get(u.keyword, ())), str(path))
                else:
                    keywords[u.keyword] = str(path)
            unnamed = re.compile(re.escape(folder) + r"/\d+/")  # an upload's own name only
            try:
                return render_many(api_function(self.game, self.command)(**keywords), self.fmt)
            except BadValue as e:
                raise BadValue(e.keyword, unnamed.sub("", e.message)) from None
            except (ValueError, TypeError) as e:  # the API's one line, the folder left out
                raise ValueError(unnamed.sub("", str(e))) from None


UPLOADS: dict[str, tuple[str, ...]] = {
    "strategy": (".csv", ".json"),
    "paytable": (".toml", ".json"),
    "system": (".toml", ".json"),
}
"""Keywords whose file a request may upload (the command line reads them from a path), and the
file types each takes (a chart: CSV or JSON; a pay table, a count system: TOML or JSON)."""
MAX_UPLOAD_BYTES = 64_000
"""The largest request body an upload may send (a chart or a pay table is a few kB)."""
UPLOAD_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._ -]{0,63}$")
"""A file name as an upload may give it: a plain name, no folder."""


def parse_uploads(game: str, command: str, body: bytes) -> tuple[Upload, ...]:
    """The files of a ``POST`` body, JSON ``{"keyword": {"name": "chart.csv", "text": "..."}}``,
    checked: only ``UPLOADS`` keywords the command takes, plain names of their file types, at
    most ``MAX_UPLOAD_BYTES`` in all; ``Refused`` (one line) otherwise."""
    import json

    check_command(game, command)
    if len(body) > MAX_UPLOAD_BYTES:
        raise Refused(f"upload: larger than {MAX_UPLOAD_BYTES:,} bytes", 413)
    try:
        text = body.decode("utf-8")
        if json_depth(text) > MAX_UPLOAD_DEPTH:  # before the parser recurses into it
            raise Refused("upload: the body is nested too deep; a JSON object of files")
        files = json.loads(text) if body.strip() else {}
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Refused(
            'upload: the body must be JSON, {"keyword": {"name": ..., "text": ...}}'
        ) from None
    if not isinstance(files, dict):
        raise Refused('upload: the body must be a JSON object of {"name": ..., "text": ...}')
    params = parameters(game, command)
    uploads = []
    for raw, item in files.items():
        keyword = str(raw).replace("-", "_")
        if keyword not in UPLOADS or keyword not in params:
            takes = [k for k in UPLOADS if k in params]
            raise Refused(
                f"upload: {game} {command} takes no file {raw!r} "
                f"({', '.join(takes) if takes else 'none'})"
            )
        if not (isinstance(item, dict) and isinstance(item.get("name"), str)):
            raise Refused(f'upload: {keyword} needs {{"name": ..., "text": ...}}')
        name, text = item["name"], item.get("text")
        if not isinstance(text, str):
            raise Refused(f"upload: {keyword}: the file's text must be a string")
        if not _encodable(text) or not _encodable(name):
            raise Refused(f"upload: {keyword}: the file's name and text must be valid Unicode")
        if not UPLOAD_NAME.match(name) or Path(name).suffix.lower() not in UPLOADS[keyword]:
            raise BadValue(
                keyword,
                f"upload {name!r}: a plain file name ending in {' or '.join(UPLOADS[keyword])}",
            )
        uploads.append(Upload(keyword, name, text))
    return tuple(uploads)


MAX_UPLOAD_DEPTH = 8
"""The deepest nesting of arrays and objects an upload's body may have (it needs 2)."""


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in the JSON ``text``, strings skipped (counted
    before parsing: Python's parser recurses once per level, and a RecursionError deep in it
    may leave the interpreter unwell)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _encodable(text: str) -> bool:
    """Can ``text`` be written as UTF-8 (no lone surrogate, which JSON's ``\\ud800`` gives)?"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def api_function(game: str, command: str) -> Callable:
    """The game's API function of ``command`` (``cardedge.<game>.COMMAND``)."""
    import importlib

    return getattr(importlib.import_module(f"cardedge.{game}"), command)


def parameters(game: str, command: str) -> dict[str, inspect.Parameter]:
    """The keywords a request may give for ``command``: the API function's, less those the
    web never takes."""
    signature = inspect.signature(api_function(game, command))
    return {n: p for n, p in signature.parameters.items() if n not in REFUSED_KEYWORDS}


def value_kind(game: str, command: str, name: str):
    """The ``Kind`` a query value of ``name`` is read by: the rule's declaration for a rule,
    else the one the API function checks the keyword with (``cardedge.api.params``), so the web
    reads text as the command line does and refuses it in the same words."""
    function = api_function(game, command)
    kind = function.keyword_kinds[name]
    if kind is None:
        return game_named(game).rules[name].kind
    return kind


def check_command(game: str, command: str) -> None:
    """``Refused`` (404, 403) unless the web answers ``game command``."""
    if game not in GAMES:
        raise Refused(f"no game {game!r}: {' or '.join(GAMES)}", 404)
    if command in NOT_SERVED:
        raise Refused(f"{command}: not served on the web ({NOT_SERVED[command]})", 403)
    if command not in SERVED[game]:
        raise Refused(f"no command {command!r} for {game}: {', '.join(SERVED[game])}", 404)


def _key_value(value) -> object:
    if isinstance(value, tuple | list):
        return tuple(_key_value(v) for v in value)
    return (type(value).__name__, repr(value))


def parse_call(
    game: str,
    command: str,
    query: list[tuple[str, str]],
    uploads: tuple[Upload, ...] = (),
    budget: float = MAX_COST_SECONDS,
    job_budget: float | None = JOB_COST_SECONDS,
) -> Call:
    """The checked call of ``GET /api/{game}/{command}?query`` (``POST`` with ``uploads``,
    ``parse_uploads``); ``Refused`` (one line) for a request the web does not answer,
    ``BadValue`` for a value the API would refuse. ``budget``: the most estimated seconds of
    work the call may cost (a request's, or a background job's); ``job_budget``: a job's, for
    the refusal to say when a call too costly for ``budget`` would be taken as a job (None:
    this call is a job's already)."""
    check_command(game, command)
    if len(query) > MAX_QUERY_ITEMS:
        raise Refused(f"too many options (at most {MAX_QUERY_ITEMS})")
    params = parameters(game, command)
    fmt = "json"
    given: dict[str, list[str]] = {}
    for raw, value in query:
        name = raw.replace("-", "_")
        if len(value) > MAX_VALUE_CHARS:
            raise BadValue(name, f"longer than {MAX_VALUE_CHARS} characters")
        if name == "format":
            if "format" in given:
                raise BadValue("format", "given more than once")
            given["format"] = [value]
            fmt = value
            continue
        if name in REFUSED_KEYWORDS:
            raise Refused(f"{name}: not taken on the web")
        if name not in params:
            raise Refused(f"unknown option {raw!r} for {game} {command}")
        given.setdefault(name, []).append(value)
    if fmt not in FORMATS:
        raise BadValue("format", f"{fmt!r} is not one of {', '.join(FORMATS)}")
    given.pop("format", None)
    keywords = {}
    for name, values in given.items():
        if len(values) > 1 and not repeatable(game, command, name):
            raise BadValue(name, "given more than once")
        keywords[name] = _values(game, command, name, values)
    _check_bounds(game, command, keywords, budget, job_budget)
    for u in uploads:
        if u.keyword in keywords and not repeatable(game, command, u.keyword):
            raise BadValue(u.keyword, "given in the query and uploaded: give one")
    items = tuple(sorted(keywords.items(), key=lambda kv: kv[0]))
    return Call(game, command, items, fmt, tuple(uploads))


def _values(game: str, command: str, name: str, values: list[str]):
    from cardedge.api.params import parse_text

    kind = value_kind(game, command, name)
    read = [parse_text(name, kind, v) for v in values]
    if api_function(game, command).keyword_kinds[name] is None:
        # a rule's 'none' goes on as its text, as from the command line: a value there (trips
        # pay nothing), where None would be 'as the preset'
        read = [v if r is None else r for r, v in zip(read, values, strict=True)]
    return tuple(read) if len(read) > 1 else read[0]


def _check_bounds(
    game: str, command: str, keywords: dict, budget: float, job_budget: float | None
) -> None:
    """Refuse what would read a file or take long (before any work): estimated over
    ``budget`` seconds."""
    from cardedge.api.core import deck_counts

    for name, names in builtin_names(game).items():
        if name in keywords:
            for value in keywords[name] if isinstance(keywords[name], tuple) else [keywords[name]]:
                if value not in names:
                    raise BadValue(name, f"{value!r}: on the web one of {', '.join(names)}")
    if "decks" in keywords:
        if len(deck_counts(list(_listed(keywords["decks"])))) > MAX_DECK_COUNTS:
            raise BadValue("decks", f"at most {MAX_DECK_COUNTS} deck counts per request")
    for name, refused in web_room(game).REFUSED_VALUES.items():
        if keywords.get(name) in refused:
            raise Refused(refused[keywords[name]], 403)
    _check_cost(game, command, keywords, budget)
    if command == "grid":
        keywords.setdefault("sd", False)  # the SD's distributions are the slow part
        _check_grid_cost(game, keywords, budget, job_budget)
    ramp = keywords.get("ramp")
    if isinstance(ramp, str) and not stated_ramp(ramp):
        raise BadValue("ramp", f"{ramp!r}: on the web UNITS:TC pairs or LOW-HIGH (no ramp file)")
    if command == "simulate":
        _check_rounds(game, keywords, budget, job_budget)
        keywords["threads"] = 1  # the worker pool is the server's parallelism


def stated_ramp(text: str) -> bool:
    """Is ``text`` a ramp written out (``1-8``, ``1:-1,2:1,4:2``), never a ramp file's path
    (the command line reads one; the web reads no file)?"""
    from cardedge.reports.core.ramp import parse_spread

    if ":" in text:  # UNITS:TC pairs are never read as a file (``ramp_of``)
        return True
    try:
        return parse_spread(text) is not None
    except ValueError:
        return False


def _check_rounds(game: str, keywords: dict, budget: float, job_budget: float | None) -> None:
    """Refuse (403, one line) a simulation of more rounds than ``round_limit``; a request's
    within a job's limit (a blackjack shoe game) is refused saying so (``Refused.job``)."""
    job = job_budget is None
    limit = round_limit(game, keywords, budget, job)
    rounds = keywords.get("rounds", 1_000_000)
    if isinstance(rounds, int) and rounds > limit:
        if job:
            raise Refused(f"rounds: at most {limit:,} in a job (give rounds=)", 403)
        as_job = "simulate" in job_commands(game) and rounds <= round_limit(
            game, keywords, job_budget, True
        )
        if as_job:
            raise Refused(
                f"rounds: at most {limit} in one request: start it as a background job "
                f"(POST /api/{game}/jobs, up to {round_limit(game, keywords, job_budget, True):,} "
                "rounds), or give fewer",
                403,
                True,
            )
        raise Refused(f"rounds: at most {limit} on the web (give rounds=)", 403)
    keywords.setdefault("rounds", min(limit, MAX_ROUNDS))


COST_SECONDS: dict[tuple[str, str], float] = {
    (game, command): seconds
    for game in GAMES
    for command, seconds in web_room(game).COST_SECONDS.items()
}
"""Seconds one unit of a served command costs (one deck count, one strategy), from each game's
web room (its ``COST_SECONDS``: at 8 decks, the most a deck count costs, what
``bench/web_costs.py`` measured on a 2-core machine times about 1.5). ``request_cost``
multiplies it by the units a request asks for."""
DEFAULT_COST_SECONDS = 0.5
"""A unit's cost for a command not in ``COST_SECONDS`` (cheap ones: a chart, the dealer)."""
UNCOUNTED = ("grid", "simulate")
"""Commands whose cost is estimated their own way: a grid's by its combinations
(``grid_cost``), a simulation's by its rounds."""


def request_units(game: str, command: str, keywords: dict) -> int:
    """The units a request asks for: its deck counts (1 for a shoe) x strategies (the
    function's defaults where not given). A count's systems are not counted: each costs little
    beside the analysis of the shoe (``bench/web_costs.py``: Zero at 8 decks, 0.3 s for the
    seven built-in systems, 1.7 s with the search for the best integer tags)."""
    from cardedge.api.core import deck_counts

    params = parameters(game, command)

    def given(name: str):
        return keywords[name] if name in keywords else params[name].default

    units = 1
    if "decks" in params and "shoe" not in keywords:
        units *= len(deck_counts(list(_listed(given("decks")))))
    for name in ("strategy",):  # count systems cost little beside the shoe's analysis
        if name in params and repeatable(game, command, name):
            value = given(name)
            units *= len(value) if isinstance(value, list | tuple) and value else 1
    return units


def request_cost(game: str, command: str, keywords: dict) -> float:
    """A request's estimated seconds of work: ``COST_SECONDS`` per unit x its units."""
    each = COST_SECONDS.get((game, command), DEFAULT_COST_SECONDS)
    return each * request_units(game, command, keywords)


def _check_cost(game: str, command: str, keywords: dict, budget: float) -> None:
    if command in UNCOUNTED:
        return
    cost = request_cost(game, command, keywords)
    if cost > budget:
        units = request_units(game, command, keywords)
        raise Refused(
            f"{command}: about {cost:.0f} s of work ({units} deck counts x strategies); "
            f"at most {budget:g} s on the web: ask for fewer, or run "
            f"`cardedge {game} {command}` on the command line",
            403,
        )


def grid_limit(game: str, sd: bool, budget: float = MAX_COST_SECONDS) -> int:
    """The most combinations of ``game``'s grid the web computes in one request, with or
    without the SD: ``budget`` (a request's; a job's is ``JOB_COST_SECONDS``) over
    ``GRID_COST_SECONDS``."""
    return int(budget // GRID_COST_SECONDS[game][sd])


def grid_size(game: str, keywords: dict) -> tuple[int, str]:
    """A grid's combinations and their shape (``2 x 11 x 2``): its shoes (one per deck count,
    or the one ``shoe``) times each ``vary`` rule's values, read as the API reads them (an
    unknown rule or a bad value: the API's ``BadValue``). The rows only: the page's own value
    of a rule, which a grid computes for ``change_percent`` when a list leaves it out, is not
    counted (its work is mostly shared with the rows': a payout re-prices, a play rule keeps
    the dealer; ``GRID_COST_SECONDS``' margin covers the rest)."""
    from cardedge.api.core import deck_counts
    from cardedge.reports.core.grid import parse_axes

    kinds = web_room(game).grid_kinds()
    specs = _listed(keywords.get("vary", ()))
    axes = parse_axes(specs, kinds, None)
    if "shoe" in keywords:
        shoes = 1
    else:
        shoes = len(deck_counts(keywords.get("decks", parameters(game, "grid")["decks"].default)))
    sizes = (shoes, *(len(a) for a in axes))
    return math.prod(sizes), " x ".join(str(n) for n in sizes if n > 1) or "1"


def grid_cost(game: str, keywords: dict) -> float:
    """A grid request's estimated seconds of work: ``GRID_COST_SECONDS`` per combination (with
    or without the SD) times its combinations; an upper bound, since combinations that differ
    only in a payout or a play rule share their work."""
    size, _ = grid_size(game, keywords)
    return size * GRID_COST_SECONDS[game][keywords.get("sd") is True]


def _check_grid_cost(game: str, keywords: dict, budget: float, job_budget: float | None) -> None:
    """Refuse (403, one line, with the estimate) a grid whose estimated cost passes
    ``budget``, before any work; one within ``job_budget`` is refused saying so (and
    ``Refused.job``: the page starts the job)."""
    cost = grid_cost(game, keywords)
    if cost > budget:
        size, shape = grid_size(game, keywords)
        sd = keywords.get("sd") is True
        each = GRID_COST_SECONDS[game][sd]
        with_sd = " with the SD" if sd else ""
        job = job_budget is not None and cost <= job_budget and "grid" in job_commands(game)
        where = "in one request" if job else "on the web"
        instead = (
            f"start it as a background job (POST /api/{game}/jobs, up to {job_budget:g} s), "
            if job
            else "ask for fewer, "
        )
        raise Refused(
            f"grid: about {cost:.0f} s of work ({size:,} combinations ({shape}) at up to "
            f"{each:g} s each{with_sd}); at most {budget:g} s {where} "
            f"({grid_limit(game, sd, budget)} combinations{with_sd}): {instead}or run "
            f"`cardedge {game} grid` on the command line",
            403,
            job,
        )


def _listed(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def builtin_names(game: str) -> dict[str, tuple[str, ...]]:
    """The keywords that name a file on the command line, and the built-in names the web takes
    instead (no file is ever read from a request): each game's web room says."""
    return web_room(game).builtin_names()
