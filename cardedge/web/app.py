"""The ASGI app of ``cardedge serve`` (Starlette): the JSON API, the game pages, results/.

``create_app()`` builds it; the kernels load with the first request of each kind and stay
loaded for the life of the process (numba's cache on disk makes even that first one quick).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cardedge.api.core import BadValue
from cardedge.web import calls, counting, jobs, pages
from cardedge.web.work import Busy, Cache, Workers

STATIC = Path(__file__).parent / "static"
RESULTS = Path(__file__).resolve().parent.parent.parent / "results"
"""The results/ folder of a source checkout (an installed wheel has none: the page says so)."""
RESULT_SUFFIXES = {".md": "text/markdown", ".csv": "text/csv", ".json": "application/json"}
RESULT_IMAGES = {".png": "image/png"}
MAX_RESULT_BYTES = 5_000_000
"""The largest results/ file the server shows."""


def error(
    message: str, status: int, headers: dict[str, str] | None = None, job: str | None = None
) -> JSONResponse:
    """The one-line JSON error of every refused request: ``{"error": "..."}``; ``job``: the
    address to start the call as a background job instead (a call too costly for a request,
    within a job's budget), given in the ``X-Job`` header."""
    line = " ".join(str(message).split()) or "error"
    if job is not None:
        headers = {**(headers or {}), "X-Job": job}
    return JSONResponse({"error": line}, status_code=status, headers=headers)


async def client_gone(request: Request) -> None:
    """Returns once the client has closed the connection (the ASGI ``http.disconnect``): its
    request's work is dropped then, unless another request waits for the same answer."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


def result_files(folder: Path) -> dict[str, Path]:
    """The results/ files a request may name, by path under ``folder`` (found once, at
    start: a request's name is looked up here, never joined to a path)."""
    if not folder.is_dir():
        return {}
    allowed = {**RESULT_SUFFIXES, **RESULT_IMAGES}
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in allowed and not path.is_symlink():
            if path.stat().st_size <= MAX_RESULT_BYTES:
                found[path.relative_to(folder).as_posix()] = path
    return found


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) as soon as it passes ``limit`` bytes (a client may
    send more than its Content-Length says)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise calls.Refused(f"upload: larger than {limit:,} bytes", 413)
    return bytes(body)


def create_app(
    workers: int = 1,
    queue: int = 16,
    seconds: float = 30.0,
    cache_entries: int = 512,
    results: Path | None = RESULTS,
    budget: float = calls.MAX_COST_SECONDS,
    job_budget: float = calls.JOB_COST_SECONDS,
    job_seconds: float = jobs.JOB_SECONDS,
) -> Starlette:
    """The app: ``workers`` threads compute, at most ``queue`` requests wait (then 503), each
    answered within ``seconds``; ``cache_entries`` answers are kept; ``results`` is the folder
    browsable at /results (None: none). A request may cost ``budget`` estimated seconds of
    work; a background job ``job_budget`` (``jobs.JOB_WORKERS`` at once on threads of their
    own, at most ``jobs.JOB_QUEUE`` waiting or computing), stopped past ``job_seconds``."""
    pool = Workers(workers, queue, seconds)
    cache = Cache(cache_entries)
    background = jobs.Jobs(Workers(jobs.JOB_WORKERS, jobs.JOB_QUEUE, job_seconds), cache)
    files = result_files(results) if results is not None else {}
    # the published studies as the counting page's presets, read once
    page_of_counting = pages.counting_page(
        counting.presets(results / "study" if results is not None else None)
    )

    async def api(request: Request) -> Response:
        game = request.path_params["game"]
        command = request.path_params["command"]
        try:
            uploads: tuple = ()
            if request.method == "POST":
                size = int(request.headers.get("content-length") or 0)
                if size > calls.MAX_UPLOAD_BYTES:
                    raise calls.Refused(
                        f"upload: larger than {calls.MAX_UPLOAD_BYTES:,} bytes", 413
                    )
                body = await read_body(request, calls.MAX_UPLOAD_BYTES)
                uploads = calls.parse_uploads(game, command, body)
            query = list(request.query_params.multi_items())
            call = calls.parse_call(game, command, query, uploads, budget, job_budget)
        except calls.Refused as e:
            return error(str(e), e.status, job=f"/api/{game}/jobs" if e.job else None)
        except BadValue as e:
            return error(str(e), 400)
        key = call.key() if call.cacheable() else None  # None: never kept, never shared
        text = cache.get(key) if key is not None else None
        hit = text is not None
        if text is None:

            def compute(progress) -> str:
                answer = call.run(progress)
                if key is not None:
                    cache.put(key, answer)
                return answer

            try:
                text = await pool.run(compute, key, lambda: client_gone(request))
            except Busy as e:
                return error(str(e), 503, {"Retry-After": str(e.retry_after)})
            except (ValueError, TypeError) as e:  # BadValue, MissingExtra: the API's one line
                return error(str(e).splitlines()[0] if str(e) else type(e).__name__, 400)
        headers = {"X-Cache": "hit" if hit else "miss"}
        if call.fmt == "csv":
            headers["Content-Disposition"] = f'inline; filename="{game}_{command}.csv"'
        return Response(text, media_type=calls.FORMATS[call.fmt], headers=headers)

    async def start_job(request: Request) -> Response:
        game = request.path_params["game"]
        try:
            size = int(request.headers.get("content-length") or 0)
            if size > jobs.MAX_JOB_BYTES:
                raise calls.Refused(f"job: larger than {jobs.MAX_JOB_BYTES:,} bytes", 413)
            body = await read_body(request, jobs.MAX_JOB_BYTES)
            call = jobs.parse_job(game, body, job_budget)
            record = background.start(call)
        except calls.Refused as e:
            return error(str(e), e.status)
        except BadValue as e:
            return error(str(e), 400)
        except Busy as e:
            return error(str(e), 503, {"Retry-After": str(e.retry_after)})
        where = f"/api/jobs/{record.id}"
        return Response(
            background.status(record),
            status_code=202,
            media_type="application/json",
            headers={"Location": where},
        )

    async def job(request: Request) -> Response:
        job_id = request.path_params["id"]
        if request.method == "DELETE":
            record = background.cancel(job_id)
        else:
            record = background.get(job_id)
        if record is None:
            return error(
                f"no job {job_id!r} (a finished job is kept "
                f"{background.keep_seconds / 60:g} minutes)",
                404,
            )
        return Response(background.status(record), media_type="application/json")

    async def api_index(request: Request) -> Response:
        listing = {
            game: {
                command: sorted(calls.parameters(game, command)) for command in calls.SERVED[game]
            }
            for game in calls.GAMES
        }
        return JSONResponse(
            {
                "usage": "/api/{game}/{command}?option=value",
                "commands": listing,
                "jobs": {
                    "usage": 'POST /api/{game}/jobs {"command": ..., "option": value}; '
                    "GET or DELETE /api/jobs/{id}",
                    "commands": {game: list(calls.job_commands(game)) for game in calls.GAMES},
                    "max_rounds": calls.MAX_JOB_ROUNDS,
                    "budget_seconds": job_budget,
                },
            }
        )

    async def index(request: Request) -> Response:
        return HTMLResponse(pages.index_page())

    async def game_page(request: Request) -> Response:
        return HTMLResponse(pages.game_page(request.url.path.strip("/")))

    async def counting_page(request: Request) -> Response:
        return HTMLResponse(page_of_counting)

    async def results_list(request: Request) -> Response:
        return HTMLResponse(pages.results_page(list(files)))

    async def result_file(request: Request) -> Response:
        name = request.path_params["name"]
        path = files.get(name)
        if path is None:
            return error(f"no results file {name!r} (see /results)", 404)
        try:
            if path.suffix in RESULT_IMAGES:
                return Response(path.read_bytes(), media_type=RESULT_IMAGES[path.suffix])
            # a file changed by hand since the server started may not be UTF-8: shown with
            # replacement characters rather than refused
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return error(f"no results file {name!r} (removed since the server started)", 404)
        if request.query_params.get("raw"):
            return PlainTextResponse(text, media_type=RESULT_SUFFIXES[path.suffix])
        return HTMLResponse(pages.result_file_page(name, text))

    async def stats(request: Request) -> Response:
        return JSONResponse(
            {"cache": {"entries": len(cache.items), "hits": cache.hits, "misses": cache.misses},
             "pending": pool.pending, "shared": pool.shared,
             "jobs": {"pending": background.pool.pending, "kept": len(background.records)}}
        )  # fmt: skip

    async def http_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        detail = getattr(exc, "detail", None) or "error"
        return error(detail, status)

    async def server_error(request: Request, exc: Exception) -> Response:
        return error("internal error", 500)  # never the traceback

    routes = [
        Route("/", index),
        *(Route(f"/{game}", game_page) for game in calls.GAMES),
        Route("/api", api_index),
        Route("/api/jobs/{id}", job, methods=["GET", "DELETE"]),
        Route("/api/{game}/jobs", start_job, methods=["POST"]),
        Route("/api/{game}/{command}", api, methods=["GET", "POST"]),
        Route("/counting", counting_page),
        Route("/results", results_list),
        Route("/results/{name:path}", result_file),
        Route("/stats", stats),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        pool.close()
        background.pool.close()

    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: server_error},
        lifespan=lifespan,
        middleware=[Middleware(OneBodyLength)],
    )
    app.state.cache = cache
    app.state.pool = pool
    app.state.jobs = background
    return app


class OneBodyLength:
    """Refuse (400, one line) a request that gives its body's length twice, by
    ``Content-Length`` and by ``Transfer-Encoding`` (RFC 9112 6.1: a server may not act on
    it; a proxy and this server reading the body differently is how requests are smuggled),
    before any route reads it."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            names = {name.lower() for name, _ in scope["headers"]}
            if b"content-length" in names and b"transfer-encoding" in names:
                refused = error(
                    "a request gives its body's length twice (Content-Length and "
                    "Transfer-Encoding): give one",
                    400,
                )
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)
