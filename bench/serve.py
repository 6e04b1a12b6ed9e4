"""Time ``cardedge serve`` against the command line: the same exact questions, answered by a
running server (kernels loaded) and by a fresh ``cardedge`` process each.

    .venv/bin/python bench/serve.py [--repeats 5]

The server runs in a subprocess on a free loopback port with its answer cache off, so every
timed request computes. Each timed request is a question the process has not seen (another
shoe or other rules), so the analysis caches inside the library (one analysis per rules and
shoe) do not answer it either:
- Zero edge: optimal play, 6 decks less one card (a different rank each time): a fresh
  6-deck shoe analysis.
- Blackjack: the full analysis (every hand, exact splits, the optimal and the basic-strategy
  edges: ``edge --strategy optimal --strategy basic``) of 6 decks under rules not asked before
  (a rule change on the page: the dealer's rows of that shoe are shared, only the soft-17 rule
  changes them), and of a shoe not asked before (6 decks less one card, another rank each
  time: nothing to share).
Reported: the first request (kernels loaded from numba's cache), then the median and the
largest of the fresh requests; the same questions asked of the API in this process (the floor:
the server adds its HTTP and JSON to it); the command line's wall time for one question.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

SERVER = """
import sys
from cardedge.web.app import create_app
from cardedge.web.server import listen, serve
serve(create_app(cache_entries=0), listen("127.0.0.1", int(sys.argv[1])))
"""
"""The server as ``cardedge serve`` runs it (its socket, connection limits and timeouts)."""
RANKS = "A23456789T"
BLACKJACK_RULES = [
    {"h17": h17, "das": das, "surrender": sur, "rsa": rsa}
    for h17 in ("false", "true")
    for das in ("true", "false")
    for sur in ("false", "true")
    for rsa in ("false", "true")
]
"""Rule sets, each new to the server when asked (the default set is asked first, untimed)."""
CARDEDGE = str(Path(sys.executable).with_name("cardedge"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def timed_get(url: str) -> tuple[float, object]:
    t = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as r:
        body = json.loads(r.read())
    return time.perf_counter() - t, body


def timed_cli(args: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run([CARDEDGE, *args, "--format", "json"], check=True, capture_output=True)
    return time.perf_counter() - t


def start(port: int) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", SERVER, str(port)])
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=1).read()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def line(name: str, first: float, fresh: list[float], api: list[float], cli: float) -> str:
    return (
        f"{name:<34} server: first {first:6.3f} s, fresh median {statistics.median(fresh):6.3f} s"
        f" max {max(fresh):6.3f} s ({len(fresh)})   API in process: median "
        f"{statistics.median(api):6.3f} s   CLI process {cli:6.3f} s"
    )


def timed_api(work) -> float:
    t = time.perf_counter()
    work()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5, help="Fresh requests of each kind.")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}/api"
    t = time.perf_counter()
    server = start(port)
    print(f"server up in {time.perf_counter() - t:.2f} s")
    try:
        first, body = timed_get(f"{base}/zero/edge?decks=6&rules=published&strategy=optimal")
        assert body[0]["house_edge_percent"] == 2.2637009546182045, body
        fresh = [
            timed_get(f"{base}/zero/edge?decks=6&rules=published&remove={RANKS[i % 10]}")[0]
            for i in range(args.repeats)
        ]
        cli = timed_cli(["zero", "edge", "--decks", "6", "--rules", "published", "--remove", "9"])
        import cardedge.blackjack as blackjack
        import cardedge.zero as zero

        zero.edge(decks=1)  # kernels loaded, as in the server
        api = [
            timed_api(lambda r=r: zero.edge(decks=6, rules="published", remove=f"{r},{r}"))
            for r in RANKS[: args.repeats]
        ]
        print(line("Zero edge, 6 decks (optimal)", first, fresh, api, cli))

        full = f"{base}/blackjack/edge?decks=6&strategy=optimal&strategy=basic"
        first, body = timed_get(full + "&peek=true")
        assert body[0]["house_edge_percent"] == 0.40287023611541156, body
        fresh = []
        for rules in BLACKJACK_RULES[1 : args.repeats + 1]:
            query = "".join(f"&{k}={v}" for k, v in rules.items())
            fresh.append(timed_get(full + query)[0])
        cli = timed_cli(["blackjack", "edge", "--decks", "6", "--h17", "--strategy", "optimal",
                         "--strategy", "basic"])  # fmt: skip
        blackjack.edge(decks=1)
        api = [
            timed_api(
                lambda rules=rules: blackjack.edge(
                    decks=6,
                    strategy=["optimal", "basic"],
                    **{k: v == "true" for k, v in rules.items()},
                )
            )
            for rules in BLACKJACK_RULES[1 : args.repeats + 1]
        ]
        print(line("Blackjack full analysis, rule change", first, fresh, api, cli))

        fresh = [timed_get(f"{full}&remove={RANKS[i % 10]}")[0] for i in range(args.repeats)]
        cli = timed_cli(["blackjack", "edge", "--decks", "6", "--remove", "9", "--strategy",
                         "optimal", "--strategy", "basic"])  # fmt: skip
        api = [
            timed_api(
                lambda r=r: blackjack.edge(
                    decks=6, strategy=["optimal", "basic"], remove=f"{r},{r}"
                )
            )  # fmt: skip
            for r in RANKS[: args.repeats]
        ]
        print(line("Blackjack full analysis, new shoe", first, fresh, api, cli))
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
