"""The layouts explicit_layouts.py gives, against what jax 0.10.2 printed for the same operations
on a (2, 4) mesh of Explicit axes 'a' and 'b' (8 CPU devices, eager and under jax.jit alike)."""
from __future__ import annotations

import ast

from codemods.analysis import explicit_layouts as layouts
from codemods.analysis.script_values import Arr, MeshObj, ShardObj, SpecObj

MESH = MeshObj(("a", "b"), True, (2, 4))


def on(*entries, ndim=2, mesh=MESH):
    return Arr(ShardObj(mesh, SpecObj(tuple(entries))), False, ndim=ndim)


def entries(array):
    return None if array is None else array.sharding.spec.entries


def test_broadcasting_takes_the_sharded_entry_and_rejects_two():
    assert entries(layouts.broadcast([on("a", "b"), on(None, "b")])) == ("a", "b")
    assert entries(layouts.broadcast([on("a", None), on(None, "b")])) == ("a", "b")
    assert entries(layouts.broadcast([on("a", None), on("b", ndim=1)])) == ("a", "b")
    assert entries(layouts.broadcast([on("a", "b"), Arr(None, True, ndim=2), 0.9])) == ("a", "b")
    assert layouts.broadcast([on("a", "b"), on("b", None)]) is None  # (JAX raises)
    assert layouts.broadcast([on(("a", "b"), None), on("a", None)]) is None
    assert layouts.broadcast([on("a", None), on(None, "a")]) is None  # (an axis used twice)
    assert layouts.broadcast([on("a", "b"), Arr(None, False, ndim=2)]) is None  # (an unknown layout)


def test_broadcasting_needs_known_sizes_to_take_a_sharded_entry_over_none():
    unsized = MeshObj(("a", "b"), True, None)
    assert layouts.broadcast([on("a", None, mesh=unsized), on(None, None, mesh=unsized)]) is None
    assert entries(layouts.broadcast([on("a", None, mesh=unsized), on("a", None, mesh=unsized)])) == ("a", None)


def test_reductions_drop_or_clear_the_reduced_dimensions():
    assert entries(layouts.method(on("a", "b"), "mean", [], {"axis": 0, "keepdims": True})) == (None, "b")
    assert entries(layouts.method(on("a", "b"), "max", [-1], {})) == ("a",)
    assert entries(layouts.library("jax.numpy.sum", [on("a", "b")], {})) == ()
    assert entries(layouts.library("jax.numpy.sum", [on(None, "b")], {"axis": 0})) == ("b",)
    assert entries(layouts.library("jax.nn.logsumexp", [on("a", "b")], {"axis": -1})) == ("a",)
    assert entries(layouts.library("jax.numpy.mean", [on()], {"axis": -1})) == (None,)
    assert layouts.library("jax.numpy.mean", [on("a", "b")], {"axis": 2}) is None  # (JAX raises)
    assert layouts.library("jax.numpy.linalg.norm", [on("a", "b")], {"ord": 2, "axis": -1}) is None


def test_shape_keeping_transposed_matmul_and_new_axes():
    assert entries(layouts.library("jax.nn.log_softmax", [on("a", "b")], {"axis": -1})) == ("a", "b")
    assert entries(layouts.library("jax.nn.softmax", [on()], {})) == (None, None)
    assert entries(layouts.library("jax.numpy.transpose", [on("a", "b")], {})) == ("b", "a")
    assert entries(layouts.operated(ast.MatMult, [on("a", None), on(None, "b")])) == ("a", "b")
    assert entries(layouts.operated(ast.MatMult, [on("a", "b"), Arr(None, True, ndim=2)])) == ("a", None)
    assert layouts.operated(ast.MatMult, [on("a", "b"), on("b", None)]) is None  # (JAX raises)
    assert entries(layouts.indexed(on("a", "b"), [slice(None), None])) == ("a", None, "b")
    assert entries(layouts.indexed(on("a", "b"), [Ellipsis, None])) == ("a", "b", None)
    assert entries(layouts.indexed(on(("a", "b"), ndim=1), [None])) == (None, ("a", "b"))
    assert layouts.indexed(on("a", "b"), [slice(2, 4)]) is None
