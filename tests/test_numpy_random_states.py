"""The host objects a script run reads by their own tables instead of as host arrays: NumPy's
RandomState, SeedSequence and bit generators (numpy_random_states.py), one-sample draws
(numpy_draws.py), `.item()` / `.tobytes()` results (array_conversions.py) and typed PRNG keys
(typed_keys.py). Each answer was checked with Python on NumPy 1.26, 2.0 and 2.4 and jax 0.10.2."""
from __future__ import annotations

import pytest

from codemods.analysis import typed_keys
from codemods.analysis.array_conversions import UnknownBytes, converted
from codemods.analysis.array_dtypes import named
from codemods.analysis.drawn_texts import DrawChoice
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.numpy_draws import Draw, one_sample
from codemods.analysis.numpy_random_states import (
    NpBitGenerator,
    NpRandomState,
    NpSeedSequence,
    made,
)
from codemods.analysis.script_operators import ArrMethod
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.unknown_numbers import is_integer, is_number, number, number_kind


class _Run:
    jitted = in_body = 0
    states = None

    def __init__(self, target=(0, 10, 2)):
        self.target = target


def _absent(obj, run, name):
    with pytest.raises(Raised) as raised:
        obj.attribute(run, name)
    assert type(raised.value.error) is AttributeError


def test_random_state_table():
    run = _Run()
    rs = made("numpy.random.RandomState", [0], {})
    assert type(rs) is NpRandomState
    assert type(rs.attribute(run, "randint")) is Draw
    assert type(rs.attribute(run, "choice")) is DrawChoice
    assert rs.attribute(run, "seed")(run, [1], {}) is None
    for name in ("shape", "dtype", "T", "sum", "astype", "reshape", "size", "ndim"):
        _absent(rs, run, name)  # (an array's names: a RandomState has none)
    with pytest.raises(Bail):
        rs.attribute(run, "integers_v2")  # (not listed, no array's: a later NumPy may add it)
    with pytest.raises(Bail):
        rs.attribute(run, "_bit_generator")


def test_seed_sequence_and_bit_generators():
    run, old = _Run(), _Run((0, 7, 2))
    seq = made("numpy.random.SeedSequence", [0], {})
    assert [type(child) for child in seq.attribute(run, "spawn")(run, [3], {})] == [NpSeedSequence] * 3
    assert is_integer(run, seq.attribute(run, "n_children_spawned"))
    _absent(seq, run, "sum")
    bits = made("numpy.random.PCG64", [0], {})
    assert type(bits.attribute(run, "jumped")(run, [], {})) is NpBitGenerator
    assert bits.attribute(run, "advance")(run, [5], {}) is bits
    assert type(bits.attribute(run, "random_raw")) is Opaque  # (present, not followed)
    _absent(bits, run, "shape")
    with pytest.raises(Bail):
        made("numpy.random.SFC64", [0], {}).attribute(run, "jumped")  # (not its class's: unknown, not absent)
    assert len(bits.attribute(run, "spawn")(run, [2], {})) == 2
    with pytest.raises(Bail):
        bits.attribute(old, "spawn")  # (NumPy 1.25's: a NumPy 1 program may lack it)


def test_one_sample_is_a_python_number():
    run = _Run()
    assert one_sample(run, "normal", False, [], {}) == "float"  # (`rng.normal()`)
    assert one_sample(run, "normal", False, [0.0, 1.0, None], {}) == "float"
    assert one_sample(run, "random", False, [], {"dtype": "float32"}) == "float"  # (still a Python float)
    assert one_sample(run, "poisson", False, [3], {}) == "int"
    assert one_sample(run, "choice", False, [4], {"replace": False}) == "int"
    assert one_sample(run, "rand", True, [], {}) == "float" and one_sample(run, "rand", True, [2, 3], {}) is None
    assert one_sample(run, "randint", True, [8], {}) == "int"
    assert one_sample(run, "randint", True, [2], {"dtype": bool}) == "bool"
    assert one_sample(run, "randint", True, [8], {"dtype": "int32"}) is None  # (a NumPy int32 scalar)
    assert one_sample(run, "random_sample", False, [], {}) is None  # (no Generator's)
    assert one_sample(run, "integers", False, [0, 10], {}) is None  # (a NumPy int64 scalar: as before)
    assert one_sample(run, "integers", False, [0, 10], {"dtype": int}) == "int"
    assert one_sample(run, "integers", False, [0, 2], {"dtype": bool}) == "bool"
    assert one_sample(run, "integers", True, [0, 10], {"dtype": int}) is None  # (no RandomState's)
    assert one_sample(run, "tomaxint", True, [], {}) == "int" and one_sample(run, "tomaxint", True, [3], {}) is None
    assert one_sample(run, "choice", False, [[1, 2, 3]], {}) is None  # (a NumPy scalar: as before)
    assert one_sample(run, "normal", False, [], {"size": (8, 16)}) is None  # (an array)
    assert one_sample(run, "normal", False, [Arr(None, True, ndim=1)], {}) is None  # (broadcast: an array)
    assert one_sample(run, "normal", False, [Arr(None, True, ndim=0)], {}) == "float"
    assert one_sample(run, "normal", False, [number(run)], {}) == "float"
    with pytest.raises(Bail):
        one_sample(run, "normal", False, [Opaque()], {})  # (a number or an array: one sample or many)
    drawn = Draw("exponential", False, None)(run, [], {})
    assert is_number(run, drawn) and number_kind(run, drawn) == "float"


def test_item_and_tobytes():
    run = _Run()
    owner = Arr(None, False, ndim=0, dtype=named("float32"))
    item = ArrMethod(False, "item", 0, owner=owner)
    value = converted(run, item, [], {}, Arr(None, False))
    assert number_kind(run, value) == "float"
    ints = ArrMethod(True, "item", 0, owner=Arr(None, True, ndim=0, dtype=named("int64")))
    assert number_kind(run, converted(run, ints, [], {}, Arr(None, True))) == "int"
    unknown = converted(run, ArrMethod(True, "item", 0, owner=Arr(None, True)), [], {}, Arr(None, True))
    assert type(unknown) is Opaque and not is_number(run, unknown)  # (dtype unknown: a complex, a str, ...)
    blob = converted(run, ArrMethod(True, "tobytes", 2, owner=Arr(None, True, ndim=2)), [], {}, Arr(None, True))
    assert type(blob) is UnknownBytes and type(blob.attribute(run, "hex")) is Opaque
    _absent(blob, run, "shape")
    traced = _Run()
    traced.jitted = 1
    kept = Arr(None, False)
    assert converted(traced, item, [], {}, kept) is kept  # (JAX raises there: left to the method's reading)


def test_typed_key_real_raises():
    run, old = _Run(), _Run((0, 8, 1))
    key = typed_keys.note(run, "jax.random.key", [0], Arr(None, False))
    keys = typed_keys.note(run, "jax.random.split", [key, 4], Arr(None, False, 4))
    raw = typed_keys.note(run, "jax.random.PRNGKey", [0], Arr(None, False))
    for holder in (key, keys):
        with pytest.raises(Raised) as raised:
            typed_keys.check(run, holder, "real")
        assert type(raised.value.error) is NotImplementedError
    with pytest.raises(Bail):
        typed_keys.check(run, raw, "real")  # (dtype unknown, and the program made typed keys: maybe one)
    raw.dtype = named("uint32")
    typed_keys.check(run, raw, "real")  # (a raw uint32 key: an array's `real`)
    typed_keys.check(run, key, "shape")  # (read as any array's)
    old.__dict__["_typed_keys"] = run.__dict__["_typed_keys"]
    with pytest.raises(Bail):
        typed_keys.check(old, key, "real")  # (read on jax 0.10.2 only)
