"""Time the exact house edges (``edge --exact``): Zero 6 decks optimal and basic (and optimal
with the fully optimal split), blackjack 6 decks optimal (exact CDZ- splits), each cold and
warm, beside the float evaluator.

    .venv/bin/python bench/exact_edge.py [--decks 6] [--only zero|blackjack] [--peek]

cold: a fresh process with an empty NUMBA_CACHE_DIR: imports, then the exact edge (pure Python:
no kernel is compiled for it; Zero's basic chart is derived first, timed apart, and
blackjack's tables are built on first use). warm: the exact edge again in that process (every
table it keeps built). float: the float evaluator's edge in that process, its kernels compiled
(cold) then loaded (warm), every result cardedge keeps forgotten before each, for the ratio
measured side by side. Wall and CPU seconds both: on a shared machine the CPU time is the
steadier figure. Each line ends with the exact edge, correctly rounded, and the float edge.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

CHILD = """
import json, time
def clocks():
    return time.perf_counter(), time.process_time()
def since(start):
    now = clocks()
    return [now[0] - start[0], now[1] - start[1]]
def forget():
    # every result cardedge keeps (shoe states, dealer rows): the float edge computes them
    import sys
    for name, module in list(sys.modules.items()):
        if name.startswith("cardedge") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
t = clocks()
from cardedge.analysis.core.shoe import Shoe
{imports}
out = {{"import": since(t)}}
shoe = Shoe.decks({decks})
t = clocks()
{setup}
out["setup"] = since(t)
t = clocks()
edge = {exact}
out["cold"] = since(t)
t = clocks()
again = {exact}
out["warm"] = since(t)
assert again == edge
forget()
t = clocks()
fl = {float}
out["float"] = since(t)
forget()
t = clocks()
fl = {float}
out["float_warm"] = since(t)
out["edge"] = float(100 * edge)
out["float_edge"] = fl
out["bits"] = edge.denominator.bit_length()
print(json.dumps(out))
"""

ZERO = {
    "imports": "from cardedge.analysis.zero.exact import exact_edge\n"
    "from cardedge.analysis.zero.round import evaluate_round\n"
    "from cardedge.analysis.zero.rules import preset\n"
    "from cardedge.strategy.zero.charts import resolve",
    "setup": "rules = preset('published'); policy = resolve('{strategy}', rules, shoe)[1]",
    "exact": "exact_edge(rules, shoe, policy, '{split}')",
    "float": "evaluate_round(rules, shoe, policy, '{split}').house_edge_percent",
}
BLACKJACK = {
    "imports": "from cardedge.analysis.blackjack.exact import exact_edge\n"
    "from cardedge.analysis.blackjack.round import ShoeAnalysis\n"
    "from cardedge.analysis.blackjack.rules import BlackjackRules",
    "setup": "rules = BlackjackRules(peek={peek})",
    "exact": "exact_edge(rules, shoe)",
    "float": "ShoeAnalysis(rules, shoe).evaluate().house_edge_percent",
}


def run(template: dict, decks: int, **words) -> dict:
    """One fresh process with an empty numba cache running the template; its timings."""
    parts = {k: v.format(**words) for k, v in template.items()}
    code = CHILD.format(decks=decks, **parts)
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        t = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        out = json.loads(done.stdout.strip().splitlines()[-1])
        out["process"] = time.perf_counter() - t
    return out


def line(name: str, r: dict) -> str:
    def ws(key: str) -> str:
        return f"{r[key][0]:.2f} s wall / {r[key][1]:.2f} s CPU"

    ratio = r["warm"][1] / max(r["float_warm"][1], 1e-9)
    return (
        f"{name}\n"
        f"  process {r['process']:.1f} s: imports {ws('import')}; setup {ws('setup')}\n"
        f"  exact cold {ws('cold')}; warm {ws('warm')}\n"
        f"  float (cold kernels) {ws('float')}; warm {ws('float_warm')}; exact/float warm CPU "
        f"x{ratio:.0f}\n"
        f"  edge {r['edge']!r} % (exact, rounded; denominator {r['bits']} bits), "
        f"float {r['float_edge']!r} %"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--only", choices=["zero", "blackjack"])
    ap.add_argument("--peek", action="store_true", help="blackjack with peek (the published game)")
    args = ap.parse_args()
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load average {load:.1f} at the start")
    if args.only in (None, "zero"):
        zero_runs = (("optimal", "standard"), ("basic", "standard"), ("optimal", "optimal"))
        for strategy, split in zero_runs:
            r = run(ZERO, args.decks, strategy=strategy, split=split)
            name = f"Zero {args.decks} decks, published rules, {strategy} play, {split} split"
            print(line(name, r))
    if args.only in (None, "blackjack"):
        r = run(BLACKJACK, args.decks, peek=args.peek)
        rules = "peek" if args.peek else "rules page (ENHC)"
        print(line(f"blackjack {args.decks} decks, {rules}, optimal (exact CDZ- splits)", r))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
