"""The named records Zero's numba kernels take, instead of one state as many loose arrays.

They are ``collections.namedtuple`` types defined at module level: numba compiles them as
tuples with named fields, and its disk cache keys kernels on them like on any other type.
Arrays inside a record are shared, not copied, so kernels fill memos and outputs in place.
"""

from __future__ import annotations

from collections import namedtuple

StateMemo = namedtuple(
    "StateMemo", ["base", "dealer", "binom", "memo", "flags", "doubles", "dflags", "shoe"]
)
"""Every shoe state reachable from one pre-deal shoe, memoized (``round.ShoeStates`` owns it).

A state is the pre-deal counts by point value ``base`` less an up card ``up`` and the multiset
``m`` of player cards dealt so far; the kernels take ``up`` and ``m`` beside the record. The
dealer plays by ``dealer`` (a ``DealerRules``), the one part of the rules the memo depends
on. ``memo[up, rank(m)]`` holds the stand EVs of totals 0..9 then P(dealer's final total
0..9), ``flags[up, rank(m)]`` is 1 once that row is filled;
``binom`` is the binomial table ``rank`` uses. ``doubles[up, rank(m)]`` holds the EV of doubling a
three-card total 0..9 in state (up, m) (per unit of the original wager), ``dflags`` marks
filled rows: one pass over the ten next cards fills every total at once. ``shoe`` is room for
the counts of the state whose row is being filled (the dealer draws from it), so that filling a
row allocates nothing.
"""

Charts = namedtuple("Charts", ["two", "three", "split"])
"""A policy's chart cells (``Action`` codes, int8): ``two[total, up]`` for two-card hands,
``three[total, up]`` for three-card hands, ``split[a, b, up]`` for a split pair a, b."""

DealerRules = namedtuple("DealerRules", ["draws"])
"""The dealer's drawing rule as the kernels read it: ``draws[n - 2, total]`` (bool) is True
when a dealer holding n = 2 or 3 cards of that total takes another card
(``PlayRules.dealer_draws_on``). The dealer kernels take this record alone, so the shoe
states' memo (``round.shoe_states``) is keyed by it: a rule the dealer obeys is in it."""

KernelRules = namedtuple("KernelRules", ["dealer", "double_unsplit", "double_split", "split_ok"])
"""Zero's rules as every kernel reads them, one record built from the rules' questions
(``PlayRules.kernel_record``): ``dealer`` (``DealerRules``); ``double_unsplit[total]`` and
``double_split[total]`` (bool): may a three-card hand of that total double, unsplit or split
(``PlayRules.may_double``); ``split_ok[total]`` (bool): may an unsplit two-card hand of that
total split (``PlayRules.may_split``). A hand's kernels take its doubling row as
``may_double``."""

Play = namedtuple("Play", ["rules", "split_mode"])
"""What a round's kernels consult beyond the shoe and the charts: the ``KernelRules`` and the
split convention (``split.SPLIT_STANDARD``, ``SPLIT_OPTIMAL`` or ``SPLIT_OPTIMAL_OWN``)."""

SplitMemo = namedtuple("SplitMemo", ["values", "flags"])
"""Fully optimal split: ``values[up, rank(m), p2]`` is the second split hand's optimal EV at
two-card total p2 once the cards ``m`` are out; ``flags`` marks filled entries."""
