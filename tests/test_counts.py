"""Count systems: tags, file validation, betting correlation by hand, best tags, both games."""

import json
import math

import numpy as np
import pytest

from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import (
    BUILTIN,
    TAG_RANKS,
    CountSystem,
    best_integer_tags,
    builtin_system,
    load_system,
    proportional_tags,
    switching_gain,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.cli import main
from cardedge.reports.blackjack import count as bj_count
from cardedge.reports.blackjack.eor import RANK_COLUMNS, effects_of_removal
from cardedge.reports.zero import count as zero_count

HILO = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1)


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_builtin_systems_are_the_published_tags():
    assert builtin_system("hilo").tags == HILO and builtin_system("hilo").balanced
    assert builtin_system("ko").deck_sum() == 4 and not builtin_system("ko").balanced
    assert builtin_system("omega2").tags == (0, 1, 1, 2, 2, 2, 1, 0, -1, -2)
    assert builtin_system("halves").tags == (-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1)
    assert [builtin_system(n).level for n in BUILTIN] == [1, 1, 1, 2, 2, 2, 1.5]
    assert all(builtin_system(n).balanced for n in BUILTIN if n != "ko")


@pytest.mark.parametrize(
    "text, suffix, message",
    [
        ('[tags]\nA = "x"\n', ".toml", "tag of A must be a number"),
        ("[tags]\nA = -1\n2 = 1\n", ".toml", "no tag for 3, 4, 5, 6, 7, 8, 9, T"),
        ('{"A": -1, "B": 1}', ".json", "unknown rank 'B'"),
        ('{"A": true}', ".json", "tag of A must be a number"),
        ("[tags\n", ".toml", "not valid TOML"),
        ("{", ".json", "not valid JSON"),
        (
            '{"A":1,"2":1,"3":1,"4":1,"5":1,"6":1,"7":1,"8":1,"9":1,"T":1}',
            ".json",
            "a count needs different tags",
        ),
        (
            '{"A":0,"2":1,"3":1,"4":1,"5":1,"6":1,"7":0,"8":0,"9":0,"T":-1,"K":-2}',
            ".json",
            "K is ten-valued",
        ),
        ('{"A":1e9}', ".json", "tag of A must be a number in"),
    ],
)
def test_bad_system_files_are_refused_in_one_line(tmp_path, capsys, text, suffix, message):
    path = tmp_path / f"mine{suffix}"
    path.write_text(text)
    with pytest.raises(ValueError, match=message):
        load_system(path)
    code, out, err = run(capsys, "zero", "count", "--system", str(path), "--no-best")
    assert code == 2 and out == "" and message.split("'")[0] in err and err.count("\n") == 1


def test_system_file_json_and_toml_agree(tmp_path):
    tags = dict(zip(TAG_RANKS, HILO, strict=True))
    (tmp_path / "a.json").write_text(json.dumps({"name": "mine", "tags": tags}))
    body = "\n".join(f'"{k}" = {v}' for k, v in tags.items())
    (tmp_path / "b.toml").write_text(f'name = "mine"\n[tags]\n{body}\n')
    assert load_system(tmp_path / "a.json") == load_system(tmp_path / "b.toml")
    assert load_system(tmp_path / "a.json").tags == HILO


def _by_hand_correlation(tags10, eor10, weights10):
    """Griffin's betting correlation written out: sums over the 13 ranks of one deck."""
    xs, ys = [], []
    for i in range(10):
        for _ in range(weights10[i]):
            xs.append(tags10[i])
            ys.append(eor10[i])
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


@pytest.fixture(scope="module")
def blackjack_basis():
    return bj_count.count_basis(BlackjackRules(), Shoe.decks(6))


def test_blackjack_betting_correlation_recomputed_by_hand(blackjack_basis):
    basis = blackjack_basis
    (basic,) = effects_of_removal(BlackjackRules(), Shoe.decks(6), ["basic"])
    player = [-x for x in basic.eor]  # player EOR: minus the change in house edge
    assert list(basis.player_eor[:10]) == pytest.approx(player, abs=1e-15)
    for name in BUILTIN:
        s = builtin_system(name)
        want = _by_hand_correlation(s.tags, player, [1] * 9 + [4])
        assert basis.betting_correlation(s) == pytest.approx(want, abs=1e-12)
    # Griffin's table: Hi-Lo .97, KO .98, Hi-Opt I .88, Hi-Opt II .91, Omega II .92,
    # Zen .96, Halves .99 (single deck); these 6-deck ENHC figures land within .01
    got = {n: basis.betting_correlation(builtin_system(n)) for n in BUILTIN}
    griffin = dict(zip(BUILTIN, (0.97, 0.98, 0.88, 0.91, 0.92, 0.96, 0.99), strict=True))
    for n in BUILTIN:
        assert got[n] == pytest.approx(griffin[n], abs=0.015)


def test_blackjack_playing_efficiency(blackjack_basis):
    basis = blackjack_basis
    pe = {n: basis.playing_efficiency(builtin_system(n)) for n in BUILTIN}
    assert all(0.3 < v < 0.8 for v in pe.values())
    # the ace-neutral level-2 counts play best, Hi-Lo worst (as in Griffin's table)
    assert max(pe, key=pe.get) == "hiopt2" and min(pe, key=pe.get) == "hilo"
    perfect = [CountSystem("d", tuple(d.eor[:10])) for d in basis.decisions[:1]]
    one = bj_count.CountBasis(
        basis.rules, basis.shoe, basis.player_eor, basis.weights, basis.decisions[:1]
    )
    assert one.playing_efficiency(perfect[0]) == pytest.approx(1.0, abs=1e-9)
    assert len(basis.decisions) > 400


def test_switching_gain():
    assert switching_gain(0.1, 0.0) == 0.0 and switching_gain(-0.1, 0.0) == pytest.approx(0.1)
    assert switching_gain(0.0, 1.0) == pytest.approx(1 / math.sqrt(2 * math.pi))
    assert switching_gain(0.2, 0.5) < switching_gain(0.2, 1.0)


@pytest.fixture(scope="module")
def zero_basis():
    return zero_count.count_basis(preset("published"), Shoe.decks(6))


def test_zero_eor_sum_and_correlation_by_hand(zero_basis):
    b = zero_basis
    assert abs(b.weighted_sum) < 1e-12  # the basic chart is held fixed
    assert b.player_eor[9] == b.player_eor[12]  # T and K alike in a fresh shoe
    for name in ("hilo", "hiopt2"):
        s = builtin_system(name)
        want = _by_hand_correlation(s.tags, list(b.player_eor[:10]), [1] * 9 + [4])
        assert b.betting_correlation(s) == pytest.approx(want, abs=1e-12)


def test_zero_best_counts(zero_basis):
    b = zero_basis
    linear = b.best_linear()
    assert b.betting_correlation(linear) == pytest.approx(1.0, abs=1e-12)
    assert linear.balanced and max(abs(t) for t in linear.tags) == 1.0
    one = best_integer_tags(b.player_eor, b.weights, 1)
    two = best_integer_tags(b.player_eor, b.weights, 2)
    assert one.tags == (1, 1, 1, 1, 1, 1, 1, 0, 0, -1)
    assert two.tags == (1, 2, 1, 1, 2, 1, 1, -1, 0, -2)
    assert 0.96 < one.correlation < two.correlation < 1.0
    # exhaustive: no built-in system beats them
    for n in BUILTIN:
        s = builtin_system(n)
        bound = one.correlation if s.level <= 1 else two.correlation
        assert b.betting_correlation(s) <= bound + 1e-12
    # brute force check of level 1 on a few random tag sets
    rng = np.random.default_rng(1)
    for _ in range(200):
        t = tuple(int(x) for x in rng.integers(-1, 2, size=10))
        if len(set(t)) > 1:
            assert b.betting_correlation(CountSystem("r", t)) <= one.correlation + 1e-12


def test_proportional_tags_of_known_eors():
    eor = np.array([1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])
    tags = proportional_tags(eor, np.full(13, 1 / 13))
    assert np.abs(tags).max() == 1.0 and np.all(np.diff(tags) > 0)
    assert CountSystem("p", tuple(tags)).balanced
    assert tags[1] - tags[0] == pytest.approx(tags[2] - tags[1])  # proportional, shifted


def test_cli_json_rows_both_games(capsys):
    code, out, _ = run(capsys, "zero", "count", "--system", "hilo", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert [r["system"] for r in rows][0] == "Hi-Lo" and len(rows) == 4
    assert {"system", "betting_correlation", "decks", "shoe"} <= set(rows[0])
    code, out, _ = run(
        capsys, "blackjack", "count", "--decks", "1", "--system", "zen", "--format", "json"
    )
    assert code == 0
    (row,) = json.loads(out)
    assert row["system"] == "Zen" and 0 < row["playing_efficiency"] < 1
    assert set(RANK_COLUMNS) <= set(row)


def test_an_unbalanced_true_count_is_its_balanced_twins():
    """KO, 6 decks: IRC -20, pivot +4; the true count of a running count is the balanced twin's
    (tags less 4/52) true count of the same cards dealt, and the pivot is +4 at every depth."""
    ko = builtin_system("ko")
    assert not ko.balanced and ko.deck_sum() == 4
    assert ko.initial_running_count(6) == -20 and ko.initial_running_count(1) == 0
    twin = ko.balanced_by_rank()
    assert twin.sum() * 4 == pytest.approx(0, abs=1e-12)
    rng = np.random.default_rng(7)
    full = np.full(13, 24)
    for dealt_cards in (1, 52, 150, 250):
        left = full.copy()
        for r in rng.choice(np.repeat(np.arange(13), 24), dealt_cards, replace=False):
            left[r] -= 1
        dealt = full - left
        running = ko.initial_running_count(6) + ko.by_rank() @ dealt
        expected = (twin @ dealt) / (left.sum() / 52)
        assert ko.true_count(running, int(left.sum()), 6) == pytest.approx(expected)
        assert ko.true_count(4, int(left.sum()), 6) == pytest.approx(4)
    hilo = builtin_system("hilo")
    assert hilo.initial_running_count(6) == 0 and hilo.true_count(6, 156, 6) == 2
    assert list(hilo.balanced_by_rank()) == list(hilo.by_rank())


@pytest.mark.parametrize("game", ["zero", "blackjack"])
def test_count_marks_balanced_systems(capsys, game):
    args = [game, "count", "--decks", "1", "--system", "hilo", "--system", "ko", "--format", "json"]
    if game == "zero":
        args.append("--no-best")
    code, out, err = run(capsys, *args)
    assert code == 0, err
    rows = json.loads(out)
    assert {r["system"]: r["balanced"] for r in rows} == {"Hi-Lo": True, "KO": False}


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_binary_system_file_is_named_in_its_one_line(tmp_path, capsys, suffix):
    path = tmp_path / f"blob{suffix}"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(ValueError, match=rf"blob\{suffix}: not a text file"):
        load_system(path)
    code, out, err = run(capsys, "blackjack", "count", "--system", str(path))
    assert code == 2 and out == "" and f"blob{suffix}: not a text file" in err
    assert err.count("\n") == 1


def test_a_count_far_out_without_every_play_gives_no_departure_there():
    """A count that tags only aces and tens reaches, far out, shoes of aces and tens alone,
    where a cell has fewer plays or none (once ``max() arg is an empty sequence``): such counts
    are left out of the cell's comparison, the others still give its index."""
    from cardedge.analysis.core.indices import add_gains, comparable_counts, index_rows

    by_tc = {
        -2.0: {"hit": -0.30, "stand": -0.20},
        0.0: {"hit": -0.25, "stand": -0.28},
        1.0: {"hit": -0.24, "stand": -0.24},
        2.0: {"hit": -0.22, "stand": -0.18},
        9.0: {},  # no card left that the cell's hand needs
        10.0: {"stand": -0.1},
    }
    assert sorted(comparable_counts(by_tc)) == [-2.0, 0.0, 1.0, 2.0]
    rows = index_rows("hard 16", "T", by_tc)
    assert [(r["direction"], r["departure"], r["index"]) for r in rows] == [
        ("at or above", "stand", 1),
        ("at or below", "stand", -1),  # crossing -0.46, floored
    ]
    assert all(math.isfinite(r["gain"]) for r in add_gains(rows, by_tc, 0.01, [1.0]))
