"""How the runs under trial device counts are combined (codemods/analysis/device_counts.py)."""
from __future__ import annotations

from types import SimpleNamespace

from codemods.analysis.device_counts import SMALLER_COUNTS, TRIAL_COUNTS, over_counts, same_stop


def _stop(line: int):
    return SimpleNamespace(call=line, kind="state")


def _attempts(table: dict):
    """`table[count]` -> (stop, rejected); the unknown count stops early having read it."""
    made = []

    def attempt(count):
        made.append(count)
        if count is None:
            return None, True, True, False
        stop, rejected = table.get(count, (None, True))
        return stop, stop is None, True, rejected
    return attempt, made


def test_two_accepted_counts_that_agree_are_reported():
    stop = _stop(1)
    attempt, made = _attempts({8: (stop, False), 16: (stop, False)})
    assert same_stop(over_counts(attempt), stop)
    assert made == [None, 8, 16]


def test_two_accepted_counts_that_disagree_are_not():
    attempt, _ = _attempts({8: (_stop(1), False), 16: (None, False)})
    assert over_counts(attempt) is None


def test_one_accepted_count_is_reported_when_every_other_trial_is_rejected():
    stop = _stop(1)
    attempt, made = _attempts({8: (stop, False)})
    assert over_counts(attempt) is stop
    assert made == [None, *TRIAL_COUNTS, *SMALLER_COUNTS]


def test_one_accepted_count_beside_a_smaller_count_that_stops_elsewhere_is_not():
    attempt, _ = _attempts({8: (_stop(1), False), 4: (None, False)})
    assert over_counts(attempt) is None


def test_no_accepted_count_reports_nothing():
    attempt, _ = _attempts({})
    assert over_counts(attempt) is None
