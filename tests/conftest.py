import pickle
from collections.abc import Callable

import pytest

from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import preset


@pytest.fixture(scope="session")
def zero_optimal():
    """Exact optimal-play rounds, by (preset, decks), computed once per session."""
    cache = {}

    def get(name: str, decks: int):
        key = (name, decks)
        if key not in cache:
            cache[key] = evaluate_round(preset(name), Shoe.decks(decks))
        return cache[key]

    return get


BUSY = object()
"""What ``once_per_run(..., wait=False)`` returns while another worker computes the value."""


@pytest.fixture(scope="session")
def once_per_run(tmp_path_factory, worker_id, testrun_uid):
    """``once_per_run(name, compute, wait=True)``: ``compute()``, computed once in this run.

    Under pytest-xdist the first worker that asks computes it and leaves a pickle in the run's
    temporary folder (shared by the workers, removed with it); a worker that asks later reads it,
    one that asks meanwhile waits for it (or, with ``wait=False``, gets ``BUSY`` and can do
    something else first). So a long computation several modules' tests need (every table of
    ``results/``) costs the run once, not once per worker. Nothing outlives the run (the file
    names carry its id), so a stale value cannot be read.
    """
    memo: dict[str, object] = {}

    def get(name: str, compute: Callable[[], object], wait: bool = True):
        if name in memo:
            return memo[name]
        if worker_id == "master":  # one process: memory is enough
            memo[name] = compute()
            return memo[name]
        import fcntl

        root = tmp_path_factory.getbasetemp().parent
        path = root / f"{testrun_uid}-{name}.pickle"
        with open(root / f"{testrun_uid}-{name}.lock", "w") as lock:
            try:  # the lock is released when the file closes
                fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
            except BlockingIOError:
                return BUSY
            if path.is_file():
                memo[name] = pickle.loads(path.read_bytes())
            else:
                memo[name] = compute()
                path.write_bytes(pickle.dumps(memo[name]))
        return memo[name]

    return get


# Infrastructure a library starts once and keeps for the process's life (multiprocessing's
# resource tracker and forkserver, which Dask's local clusters use): not a test's process.
KEPT_FOR_THE_RUN = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


@pytest.fixture(scope="module", autouse=True)
def no_process_outlives_its_module():
    """Every process a module's tests (and its fixtures) started has ended when the module
    ends: one left is killed, with its session (``processes.end``'s way), and the module's
    teardown fails naming it."""
    import time

    import psutil

    me = psutil.Process()
    before = {p.pid for p in me.children(recursive=True)}
    yield
    deadline = time.monotonic() + 10
    while True:
        left = []
        for p in me.children(recursive=True):
            try:
                command = " ".join(p.cmdline())
            except psutil.Error:
                continue  # gone meanwhile
            if p.pid not in before and not any(k in command for k in KEPT_FOR_THE_RUN):
                left.append((p, command))
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)  # a server or a Dask worker finishing its shutdown
    for p, _ in left:
        try:
            p.kill()
        except psutil.Error:
            pass
    assert not left, "processes left running: " + "; ".join(c[:120] for _, c in left)


@pytest.fixture
def browser():
    """A headless Chromium of the page tests' size, the page's console kept
    (``documents.chromium_driver``); a test module may give its own of a longer scope."""
    from documents import chromium_driver

    driver = chromium_driver(window="1200,1700", logs=True)
    yield driver
    if driver is not None:
        driver.quit()
