"""The standard-library readings of a script run that are computed by hand, compared with
CPython's own: bisect with `key=` (the binary search and the order of the key's calls),
Fraction/Decimal arithmetic in the default context, pickle round trips."""
from __future__ import annotations

import ast
import bisect
import decimal
import fractions
import pickle
import random

import pytest

from codemods.analysis import config_digests, exact_numbers, stdlib_pure
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail


class _Run:
    def call(self, function, args, kwargs):
        return function(*args, **kwargs)


def test_keyed_bisect_probes_as_cpython():
    rng, run = random.Random(7), _Run()
    for _ in range(2000):
        rows = [(v, i) for i, v in enumerate(sorted(rng.randint(0, 9) for _ in range(rng.randint(0, 9))))]
        x, lo = rng.randint(-1, 10), rng.randint(0, len(rows))
        bounds = {"lo": lo} if rng.random() < 0.5 else {"lo": lo, "hi": rng.randint(lo, len(rows))}
        for name in ("bisect_left", "bisect_right", "insort_left", "insort_right"):
            theirs, ours, asked, ours_asked = list(rows), list(rows), [], []
            item = (x, 99) if name.startswith("insort") else x
            want = getattr(bisect, name)(theirs, item, key=lambda r: (asked.append(r), r[0])[1], **bounds)
            got = stdlib_pure.LIBRARY[f"bisect.{name}"](run, [ours, item], {"key": lambda r: (ours_asked.append(r), r[0])[1], **bounds})
            assert (got, ours, ours_asked) == (want, theirs, asked)


def test_keyed_bisect_refuses_bounds_cpython_reads_otherwise():
    for hi in (-1, 5):
        with pytest.raises(Bail):
            stdlib_pure.LIBRARY["bisect.bisect_left"](_Run(), [[(1,), (2,)], 1], {"key": lambda r: r[0], "hi": hi})


def test_exact_numbers_match_python():
    F, D = fractions.Fraction, decimal.Decimal
    assert exact_numbers.binary(ast.Mult, F(1, 10), 3) == F(3, 10)
    assert exact_numbers.binary(ast.Div, D(1), D(3)) == D("0.3333333333333333333333333333")
    assert exact_numbers.binary(ast.Add, F(1, 2), 0.25) == 0.75
    with pytest.raises(Raised):
        exact_numbers.binary(ast.Add, D(1), 0.5)  # (TypeError, as Python)
    with pytest.raises(Raised):
        exact_numbers.binary(ast.Div, D(1), D(0))  # (DivisionByZero: trapped by the default context)
    with pytest.raises(Bail):
        exact_numbers.binary(ast.Pow, F(2), 10 ** 9)
    with pytest.raises(Bail):
        exact_numbers.binary(ast.BitOr, F(1), 1)  # (a TypeError in Python: left to stop the run)
    assert exact_numbers.binary(ast.Add, 1, 2.0) is NotImplemented
    with decimal.localcontext() as changed:  # (the caller's context is not the program's)
        changed.prec = 3
        assert exact_numbers.binary(ast.Div, D(1), D(3)) == D("0.3333333333333333333333333333")


def test_pickle_round_trip_is_a_snapshot():
    cfg = {"axes": ["data"], "shared": None}
    cfg["shared"] = cfg["axes"]
    blob = config_digests.LIBRARY["pickle.dumps"](None, [cfg], {})
    cfg["axes"].append("model")
    back = config_digests.LIBRARY["pickle.loads"](None, [blob], {})
    assert back == pickle.loads(pickle.dumps({"axes": ["data"], "shared": None})) | {"shared": ["data"]}
    assert back["shared"] is back["axes"]
    with pytest.raises(Bail):
        config_digests.LIBRARY["hashlib.md5"](None, [b"x"], {})

