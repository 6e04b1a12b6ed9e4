"""A process computes a game's index plays and its fresh-shoe analysis once: a resumed study,
a notebook or the web server asks for the same ones again (``StudyRoom.departures``,
``StudyRoom.fresh``), and anything else it plays is computed anew."""

from __future__ import annotations

import dataclasses

from cardedge.analysis.core.counts import resolve_system
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.rules import preset
from cardedge.reports.core import study as shared
from cardedge.reports.zero.study import STUDIES as ZERO_STUDIES

HIOPT2 = resolve_system("hiopt2")


def counting_room():
    """The Zero study room with its index table and fresh-shoe analysis counted (the fresh
    shoe: a new object each time)."""
    calls = {"indices": 0, "fresh": 0}

    def indices_table(*args):
        calls["indices"] += 1
        return ZERO_STUDIES.indices_table(*args)

    def fresh_shoe(game):
        # the memo is what is under test: a new object per computation stands for the analysis
        calls["fresh"] += 1
        return object()

    room = dataclasses.replace(ZERO_STUDIES, indices_table=indices_table, fresh_shoe=fresh_shoe)
    return room, calls


def test_the_same_index_plays_and_fresh_shoe_are_computed_once():
    room, calls = counting_room()
    rules, shoe = preset("published"), Shoe.decks(2)
    first = room.study(rules, shoe, "basic", indices=True, system=HIOPT2)
    again = room.study(rules, shoe, "basic", indices=True, system=HIOPT2)
    assert calls["indices"] == 1 and first.departures
    assert again.departures is first.departures
    assert room.fresh(first) is room.fresh(again)
    assert calls["fresh"] == 1


def test_other_rules_or_another_chart_are_computed_anew():
    room, calls = counting_room()
    # decks left the rules: the other setup (rules plus shoe) is the same rules on 3 decks
    rules, two, three = preset("published"), Shoe.decks(2), Shoe.decks(3)
    with_indices = room.study(rules, two, "basic", indices=True, system=HIOPT2)
    room.study(rules, three, "basic", indices=True, system=HIOPT2)
    assert calls["indices"] == 2
    plain = room.study(rules, two, "basic")
    assert plain.departures == () and calls["indices"] == 2
    room.fresh(with_indices)
    room.fresh(plain)
    assert calls["fresh"] == 2
    published = room.study(rules, two, "published")
    assert published.identity()["chart"] != plain.identity()["chart"]
    room.fresh(published)
    assert calls["fresh"] == 3


def test_the_memo_keeps_only_the_last_ones():
    memo: dict = {}
    for k in range(shared.MEMO_SIZE + 3):
        shared._remember(memo, k, k)
    assert list(memo) == list(range(3, shared.MEMO_SIZE + 3))
