"""The server under hostile requests: malformed bodies, repeated options, values Python holds
equal, unseeded randomness, identical requests in flight, abandoned requests, files changed
under it. Each answer is one line of JSON with the right status, and the worker stays free."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the dev extra)")

from starlette.testclient import TestClient  # noqa: E402

from cardedge.web import calls  # noqa: E402
from cardedge.web.app import create_app  # noqa: E402
from cardedge.web.work import Busy, Workers  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def one_line(response, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert list(body) == ["error"] and "\n" not in body["error"]
    return body["error"]


def test_a_body_nested_thousands_deep_is_refused(client):
    body = b"[" * 100_000 + b"]" * 100_000
    response = client.post("/api/zero/edge?decks=1", content=body[:60_000])
    assert 400 <= response.status_code < 500
    deep = b'{"paytable": ' * 20_000 + b"1" + b"}" * 20_000
    response = client.post("/api/zero/pays?decks=1", content=deep[:63_000])
    one_line(response, 400)
    nested = ('{"a":' * 5000 + "1" + "}" * 5000).encode()
    assert "nested too deep" in one_line(client.post("/api/zero/pays", content=nested), 400)


def test_an_upload_with_a_lone_surrogate_is_refused(client):
    body = b'{"paytable": {"name": "p.toml", "text": "\\ud800"}}'
    assert "valid Unicode" in one_line(client.post("/api/zero/pays?decks=1", content=body), 400)
    body = b'{"paytable": {"name": "p\\udfff.toml", "text": "x"}}'
    assert "valid Unicode" in one_line(client.post("/api/zero/pays?decks=1", content=body), 400)


def test_format_given_twice_is_refused(client):
    line = one_line(client.get("/api/zero/edge?decks=1&format=csv&format=json"), 400)
    assert line == "format: given more than once"


def test_values_python_holds_equal_are_two_calls():
    """-0.0 and 0.0 are equal (and hash alike): the cache must not answer one with the other's
    table, which prints the sign."""
    minus = calls.parse_call("zero", "pays", [("side_bet_size", "-0.0"), ("decks", "1")])
    plus = calls.parse_call("zero", "pays", [("side_bet_size", "0.0"), ("decks", "1")])
    assert minus.keywords != plus.keywords or minus.key() != plus.key()
    assert minus.key() != plus.key()
    same = calls.parse_call("zero", "pays", [("decks", "1"), ("side_bet_size", "0")])
    assert same.key() != minus.key()


def test_an_unseeded_simulation_is_a_new_run_each_time(client):
    query = "/api/blackjack/simulate?decks=1&rounds=2000"
    first, second = client.get(query), client.get(query)
    assert first.status_code == second.status_code == 200
    assert first.headers["x-cache"] == second.headers["x-cache"] == "miss"
    assert first.text != second.text  # a new seed each (printed in the tables)
    seeded = query + "&seed=7"
    assert client.get(seeded).headers["x-cache"] == "miss"
    again = client.get(seeded)
    assert again.headers["x-cache"] == "hit"


def test_a_full_queue_says_when_to_retry():
    with TestClient(create_app(queue=0)) as c:
        response = c.get("/api/zero/edge?decks=1")
    assert "busy" in one_line(response, 503)
    assert int(response.headers["retry-after"]) >= 1


def test_a_results_file_changed_under_the_server(tmp_path):
    (tmp_path / "a.md").write_text("# fine\n", encoding="utf-8")
    (tmp_path / "b.csv").write_bytes(b"x,\xff\xfe\n")
    (tmp_path / "c.md").write_text("gone soon\n", encoding="utf-8")
    with TestClient(create_app(results=tmp_path)) as c:
        (tmp_path / "c.md").unlink()
        assert c.get("/results/a.md").status_code == 200
        not_utf8 = c.get("/results/b.csv?raw=1")
        assert not_utf8.status_code == 200 and "\ufffd" in not_utf8.text
        assert "removed" in one_line(c.get("/results/c.md"), 404)


def stepped(progress, steps: list, pause: float, count: int = 10_000) -> str:
    """Work of ``count`` steps of ``pause`` seconds, each reported to ``progress`` (where the
    server checks its deadline) and counted in ``steps``."""
    with progress("work", count) as advance:
        for _ in range(count):
            time.sleep(pause)
            steps.append(1)
            advance(1)
    return "done"


def test_a_late_answer_is_503_and_its_work_stopped(monkeypatch):
    """Work past the limit is stopped at its next step (issue 32: a late answer was once kept
    for a retry, but its work held the one worker long after every client had left)."""
    steps = []
    monkeypatch.setattr(calls.Call, "run", lambda call, progress: stepped(progress, steps, 0.01))
    with TestClient(create_app(seconds=0.3)) as c:
        late = c.get("/api/zero/edge?decks=8&rules=stated&digits=3&remove=9,9")
        assert late.status_code == 503 and "no answer within 0.3 s" in late.json()["error"]
        assert int(late.headers["retry-after"]) >= 1
        pool = c.app.state.pool
        deadline = time.monotonic() + 10
        while pool.pending and time.monotonic() < deadline:
            time.sleep(0.02)
        assert pool.pending == 0  # the worker is free: the work stopped
        done = len(steps)
        time.sleep(0.1)
        assert len(steps) == done < 100  # and stays stopped


# ---- the worker pool ---------------------------------------------------------------------------
def test_identical_requests_in_flight_share_one_computation():
    calls_made = []
    release = threading.Event()

    def work(progress):
        calls_made.append(1)
        release.wait(10)
        return "answer"

    async def many():
        pool = Workers(workers=1, queue=2, seconds=10)
        runs = [asyncio.ensure_future(pool.run(work, key="same")) for _ in range(20)]
        await asyncio.sleep(0.1)
        assert pool.pending == 1  # one queue slot for all twenty
        release.set()
        answers = await asyncio.gather(*runs)
        pool.close()
        return answers, pool

    answers, pool = asyncio.run(many())
    assert answers == ["answer"] * 20 and len(calls_made) == 1
    assert pool.shared == 19 and pool.pending == 0 and pool.jobs == {}


def test_an_abandoned_request_is_dropped_from_the_queue():
    ran = []
    release = threading.Event()

    def blocker(progress):
        release.wait(10)
        return "first"

    def queued(progress):
        ran.append(1)
        return "second"

    async def scenario():
        pool = Workers(workers=1, queue=4, seconds=10)
        first = asyncio.ensure_future(pool.run(blocker, key="a"))
        await asyncio.sleep(0.05)
        with pytest.raises(Busy):
            await pool.run(queued, key="b", gone=lambda: asyncio.sleep(0.05))  # the client leaves
        assert pool.pending == 1  # its slot is free again at once
        release.set()
        assert await first == "first"
        await asyncio.sleep(0.05)
        pool.close()
        return pool

    pool = asyncio.run(scenario())
    assert ran == [] and pool.pending == 0


def test_running_work_whose_clients_left_is_stopped_at_its_next_step():
    steps = []

    def long_work(progress):
        return stepped(progress, steps, 0.005, 1000)

    async def scenario():
        pool = Workers(workers=1, queue=4, seconds=10)
        with pytest.raises(Busy):
            await pool.run(long_work, key="k", gone=lambda: asyncio.sleep(0.1))
        for _ in range(100):
            if pool.pending == 0:
                break
            await asyncio.sleep(0.01)
        pool.close()
        return pool

    pool = asyncio.run(scenario())
    assert pool.pending == 0 and len(steps) < 200


def test_a_stopped_computation_answers_its_waiters_503_in_one_line():
    def work(progress):
        with progress("x", 10) as advance:
            time.sleep(0.3)
            advance(1)
        return "late"

    async def scenario():
        pool = Workers(workers=1, queue=4, seconds=0.1)
        with pytest.raises(Busy) as late:
            await pool.run(work, key="k")
        pool.close()
        return late.value

    busy = asyncio.run(scenario())
    assert "no answer within 0.1 s" in str(busy) and busy.retry_after >= 1
    assert json.dumps(str(busy)).count("\\n") == 0


def test_a_request_is_refused_up_front_by_its_cost():
    """Zero's count over 8 deck counts (about 2.5 s each at 8 decks, with the best tags) is
    about 20 s of work: refused before any, naming the cost; four deck counts are served."""
    with pytest.raises(calls.Refused) as refused:
        calls.parse_call("zero", "count", [("decks", "1..8")])
    assert refused.value.status == 403
    assert "about 20 s of work (8 deck counts x strategies)" in str(refused.value)
    calls.parse_call("zero", "count", [("decks", "1..4")])
    with pytest.raises(calls.Refused, match="about 35 s of work"):
        calls.parse_call("blackjack", "eor", [("decks", "1..8")])  # x 2 strategies
    assert calls.request_units("blackjack", "eor", {"strategy": "optimal"}) == 1
    for game in calls.GAMES:  # every served command has its measured cost
        for command in calls.SERVED[game]:
            assert command in calls.UNCOUNTED or (game, command) in calls.COST_SECONDS
