"""Every sharing key is the rules' kernel record less only its documented exclusions (issue 44).

Each field of each game's record (every element of every table, every nested record) is
changed in turn, and each key that work shared across rule sets is kept under must change,
unless the field is one the key's documentation leaves out (``analysis.blackjack.sharing``'s
named exclusions; Zero's ``split_ok`` for ``all_but_splitting``, everything but the dealer's
record for the shoe states). A rule added to a record, which is the only way a rule reaches
the kernels, therefore changes every key whose computation could read it: the last tests add
one to each record and see it do so. (``tests/test_sharing.py`` checks that work shared under
equal keys gives the bits computed alone.)"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import numpy as np
import pytest

from cardedge.analysis.blackjack.rules import BlackjackRules, DealerRules, KernelRules
from cardedge.analysis.blackjack.sharing import (
    CONTEXT_FIELDS,
    FIVE_CARD_PRICE,
    PLAYER_OPTIONS,
    SIDE_BETS,
    SPLIT_LIMITS,
    UNSPLIT_SURRENDER,
    dealer_key,
    split_play_key,
    stand_key,
    unsplit_play_key,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero import records as zero_records
from cardedge.analysis.zero.round import all_but_splitting, shoe_states
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.strategy.blackjack.charts import TotalRows

Path = tuple[str, ...]
"""A field of a record, nested records' fields after their record's (``("dealer", "draws")``)."""


def fields_of(record) -> Iterator[tuple[Path, tuple | None]]:
    """Every (field, element index) of ``record``: each element of an array field, each field
    of a nested record; the index is None for a number."""
    for name, value in zip(record._fields, record, strict=True):
        if hasattr(value, "_fields"):
            yield from (((name, *path), index) for path, index in fields_of(value))
        elif isinstance(value, np.ndarray):
            yield from (((name,), index) for index in np.ndindex(value.shape))
        else:
            yield (name,), None


def changed(value):
    """Another value of the same kind: a flag flipped, a number moved."""
    if isinstance(value, bool | np.bool_):
        return not value
    return value + 1


def perturbed(record, path: Path, index: tuple | None):
    """``record`` with the field ``path`` (its element ``index``) changed."""
    name, *rest = path
    value = getattr(record, name)
    if rest:
        new = perturbed(value, tuple(rest), index)
    elif index is None:
        new = changed(value)
    else:
        new = value.copy()
        new[index] = changed(new[index])
    return record._replace(**{name: new})


# ---- blackjack -------------------------------------------------------------------------------
def _dealer_only(record: KernelRules, path: Path, index) -> bool:
    return path[0] != "dealer"  # the dealer kernels take ``record.dealer`` alone


def _stand_leaves_out(record: KernelRules, path: Path, index) -> bool:
    if path[0] in SIDE_BETS:
        return True
    return path[0] in PLAYER_OPTIONS or (path[0] in FIVE_CARD_PRICE and not record.charlie)


def _split_play_leaves_out(record: KernelRules, path: Path, index) -> bool:
    split_surrender = getattr(record, UNSPLIT_SURRENDER)[1:].any()
    unsplit_surrender = path[0] == UNSPLIT_SURRENDER and index == (0,)
    if path[0] in SIDE_BETS:
        return True
    return path[0] in SPLIT_LIMITS or (unsplit_surrender and not split_surrender)


def _unsplit_play_leaves_out(record: KernelRules, path: Path, index) -> bool:
    if path[0] in SIDE_BETS:
        return True
    return path[0] in SPLIT_LIMITS or (path[0] in CONTEXT_FIELDS and index[0] != 0)


BLACKJACK_KEYS: dict[str, tuple[Callable, Callable]] = {
    "dealer memo": (dealer_key, _dealer_only),
    "stand EVs": (stand_key, _stand_leaves_out),
    "split hands' values": (split_play_key, _split_play_leaves_out),
    "unsplit hands' values (chart rows, grid tasks)": (unsplit_play_key, _unsplit_play_leaves_out),
}
"""Each key of work blackjack shares across rule sets, and the fields its documentation leaves
out (``analysis.blackjack.sharing``)."""

BLACKJACK_RECORDS = [
    BlackjackRules(),
    BlackjackRules(five_card=True, peek=True),
    BlackjackRules(insurance=True),
    BlackjackRules(surrender=True, double="10-11", das=False),
    BlackjackRules(h17=True, hit_split_aces=True, rsa=True, split_hands=3),
]
"""Rule sets whose records are perturbed: with and without the five-card rule and surrender
(the conditional exclusions), restricted doubling, split aces that play on."""


@pytest.mark.parametrize("key", BLACKJACK_KEYS)
@pytest.mark.parametrize("rules", BLACKJACK_RECORDS, ids=lambda r: r.words())
def test_each_blackjack_key_changes_with_every_field_it_does_not_leave_out(key, rules):
    make, leaves_out = BLACKJACK_KEYS[key]
    record = rules.kernel_record()
    kept = left_out = 0
    for path, index in fields_of(record):
        other = perturbed(record, path, index)
        if leaves_out(record, path, index):
            assert make(other) == make(record), (path, index)
            left_out += 1
        else:
            assert make(other) != make(record), (path, index)
            kept += 1
    assert kept and left_out  # the key reads something, and leaves something out


def test_the_charts_and_grids_key_by_the_unsplit_hands_values():
    """``TotalRows`` (the basic chart's hard and soft rows) and the grid's task grouping
    (``TotalRows.rule_key``) key by ``unsplit_play_key``; the rows by the shoe too."""
    rules = BlackjackRules(surrender=True)
    assert TotalRows.rule_key(rules) == unsplit_play_key(rules.kernel_record())
    assert TotalRows.rule_key(rules) != TotalRows.rule_key(rules.with_(peek=True))
    assert TotalRows.rule_key(rules) == TotalRows.rule_key(rules.with_(das=False, rsa=True))


def test_every_exclusion_names_a_field_of_the_record():
    named = {
        *PLAYER_OPTIONS,
        *SPLIT_LIMITS,
        *SIDE_BETS,
        *FIVE_CARD_PRICE,
        *CONTEXT_FIELDS,
        UNSPLIT_SURRENDER,
    }
    assert named <= set(KernelRules._fields)
    contexts = BlackjackRules().kernel_record()
    for name in CONTEXT_FIELDS:  # indexed by context first: 0 unsplit, 1..10 split pairs
        assert getattr(contexts, name).shape[0] == 11


def _with_new_field(record_type, record, value):
    """``record`` as a record type of one more field, ``new_rule``, holding ``value``: a rule
    added to the record as every rule reaches the kernels."""
    grown = namedtuple(record_type.__name__, [*record_type._fields, "new_rule"])
    return grown(*record, value)


@pytest.mark.parametrize("key", [k for k in BLACKJACK_KEYS if k != "dealer memo"])
def test_a_new_rule_in_the_blackjack_record_changes_every_key(key):
    make, _ = BLACKJACK_KEYS[key]
    record = BlackjackRules().kernel_record()
    before = make(_with_new_field(KernelRules, record, np.zeros(3, dtype=np.bool_)))
    after = make(_with_new_field(KernelRules, record, np.array([False, True, False])))
    assert before != after


def test_a_new_rule_of_the_blackjack_dealer_changes_the_dealer_key():
    record = BlackjackRules().kernel_record()

    def dealer_with(value):
        return record._replace(dealer=_with_new_field(DealerRules, record.dealer, value))

    assert dealer_key(dealer_with(0)) != dealer_key(dealer_with(1))


# ---- Zero ------------------------------------------------------------------------------------
ZERO_RULES = [ZeroRules(), ZeroRules(dealer_draws=4, das=False, split_totals=frozenset())]


def _as_rules(record):
    """A stand-in for rules whose kernel record is ``record`` (the keys take rules)."""
    return SimpleNamespace(kernel_record=lambda: record)


@pytest.mark.parametrize("rules", ZERO_RULES, ids=str)
def test_zero_split_rule_sharing_changes_with_every_field_but_split_ok(rules):
    record = rules.kernel_record()
    for path, index in fields_of(record):
        other = all_but_splitting(_as_rules(perturbed(record, path, index)))
        same = other == all_but_splitting(_as_rules(record))
        assert same == (path[0] == "split_ok"), (path, index)


@pytest.mark.parametrize("rules", ZERO_RULES, ids=str)
def test_zero_shoe_states_are_kept_by_the_dealer_record_alone(rules):
    shoe = Shoe.decks(1)
    record = rules.kernel_record()
    for path, index in fields_of(record):
        states = shoe_states(shoe, _as_rules(record))
        other = shoe_states(shoe, _as_rules(perturbed(record, path, index)))
        assert (other is states) == (path[0] != "dealer"), (path, index)


def test_a_new_rule_in_the_zero_record_changes_the_split_rule_sharing():
    record = ZeroRules().kernel_record()
    keys = {
        all_but_splitting(_as_rules(_with_new_field(zero_records.KernelRules, record, v)))
        for v in (False, True)
    }
    assert len(keys) == 2
