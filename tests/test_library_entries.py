"""library_entries.library_entry: a parameter the entry places must first be read as an array by a
statement that always runs (device_put, shard_map and the collectives pass None and empty
containers through: forms nlib12-nlib15 run clean with one)."""
from __future__ import annotations

import ast

import pytest

from codemods.analysis.library_entries import entry_text, library_entry

HEAD = """import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
"""
TAIL = "    return jax.device_put(x, NamedSharding(mesh, P('i')))\n"

FIRST = {  # the entry's statements before it places x -> whether it is an entry
    "": False,
    "    rows, cols = x.shape\n": True,
    "    first = x[0]\n": True,
    "    scaled = x / 2\n": True,
    "    flipped = -x\n": True,
    "    doubled = x * 2\n": False,  # (a tuple repeats)
    "    tail = x[1:]\n": False,  # (a tuple slices)
    "    if hasattr(x, 'shape'):\n        n = x.shape[0]\n": False,  # (in a branch)
    "    n = len(x) or x.shape[0]\n": False,
    "    assert x.ndim == 2\n": False,  # (gone under python -O)
    "    print([x.shape for _ in range(0)])\n": False,
}


@pytest.mark.parametrize("first", sorted(FIRST))
def test_array_read_first(first: str) -> None:
    tree = ast.parse(HEAD + first + TAIL)
    assert (library_entry(tree) is not None) is FIRST[first]


def test_converted_only() -> None:
    """`jnp.asarray(x)` makes an array of whatever it is given (or raises): what goes on is one."""
    tree = ast.parse(HEAD + "    y = jnp.asarray(x)\n    return jax.device_put(y, NamedSharding(mesh, P('i')))\n")
    assert library_entry(tree) is not None
    assert entry_text(tree) == ("calls the module's entry `main(x)` with an array for `x` on the module as its "
                                "import leaves it")


def test_read_after_the_placing() -> None:
    tree = ast.parse(HEAD + "    out = jax.device_put(x, NamedSharding(mesh, P('i')))\n"
                     "    assert out.shape == x.shape\n    return out\n")
    assert library_entry(tree) is None
