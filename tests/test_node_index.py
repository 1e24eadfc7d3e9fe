"""The module's node index (issue 16): a subtree read as a run of the module's node list, and the
nodes of some types found by bisection, must be exactly what a walk of that subtree gives."""
from __future__ import annotations

import ast
import warnings
from collections import Counter
from pathlib import Path

import pytest

from codemods.analysis.module_writes import bound_outside_imports
from codemods.analysis.nodes import (
    attributes_by_name,
    iter_nodes,
    module_nodes,
    node_positions,
    nodes_in_order,
    nodes_of_type_under,
    subtree_nodes,
)
from codemods.analysis.root_facts import root_facts, spelled

ROOT = Path(__file__).resolve().parent.parent

# Comparison operators are shared objects that occur many times in one tree; decorators and
# return annotations come after a def's body among its children.
_TRICKY = '''
import jax

@jax.jit
@deco(a(), key=k.v)
def f(x: int = b(1), *args, y=None, **kw) -> c():
    if x is None and y == 2 or x > 3:
        return [g(z) for z in args if z != 0]
    class K(Base, metaclass=M):
        w: int = 0
        def m(self): return self.w.t
    return lambda q: q < 1
'''


def _programs() -> list[ast.Module]:
    paths = sorted((ROOT / "fixtures").glob("SF*/*/*.py"))[::7] + sorted((ROOT / "tests" / "data" / "forms").glob("*.py"))[::9]
    trees = [ast.parse(_TRICKY)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        trees += [ast.parse(path.read_text()) for path in paths]
    return trees


@pytest.mark.parametrize("tree", _programs()[:40])
def test_a_subtree_is_the_run_of_the_module_list_a_walk_gives(tree):
    seen = Counter(id(node) for node in module_nodes(tree))
    for node in module_nodes(tree):
        if seen[id(node)] == 1:  # not a shared operator: it has one place in the list
            walked = list(iter_nodes(node, prune=lambda _: False))
            assert subtree_nodes(tree, node) == walked
            assert nodes_of_type_under(tree, node, ast.Call) == [n for n in walked if type(n) is ast.Call]


@pytest.mark.parametrize("kinds", [(ast.Call,), (ast.Name, ast.Attribute), (ast.FunctionDef, ast.Assign, ast.Return, ast.Call)])
def test_nodes_in_order_are_the_walks_nodes_of_those_types(kinds):
    for tree in _programs():
        positions, nodes = nodes_in_order(tree, kinds)
        assert nodes == [node for node in iter_nodes(tree) if type(node) in kinds]
        assert [module_nodes(tree)[p] for p in positions] == nodes


def test_the_module_view_reads_a_defs_parts_in_the_order_of_its_search():
    tree = ast.parse(_TRICKY)
    f = tree.body[1]
    facts = root_facts(tree, f)
    named = [(node.name if isinstance(node, ast.FunctionDef) else ast.unparse(node.func), [s.name for s in scopes])
             for node, scopes in facts.calls_and_defs]
    # The decorators, then the defaults and the return annotation, all outside `f`; then its body.
    assert named[:5] == [("f", []), ("deco", []), ("a", []), ("b", []), ("c", [])]
    assert ("g", ["f"]) in named and ("m", ["f"]) in named
    assert named.index(("g", ["f"])) < named.index(("m", ["f"]))


def test_spelled_is_every_name_and_attribute_name_of_an_expression():
    tree = ast.parse("v = f(a.b, c[d].e)(g) + h.i.j\n")
    where = node_positions(tree)
    assert spelled(tree, where, tree.body[0].value) == {"f", "a", "b", "c", "d", "e", "g", "h", "i", "j"}
    assert spelled(tree, where, tree.body[0].value.right) == {"h", "i", "j"}


def test_attributes_by_name_are_the_walks_attributes_of_that_name():
    for tree in _programs():
        index = attributes_by_name(tree)
        walked = [node for node in iter_nodes(tree) if type(node) is ast.Attribute]
        assert sorted(index) == sorted({node.attr for node in walked})
        for attr, nodes in index.items():
            assert nodes == [node for node in walked if node.attr == attr]


_BINDINGS = '''
import jax
from jax import lax as top_level
x = 1
a.b = 2
del y
for (i, *rest) in z: pass
def f(p, /, q=1, *args, k, **kw):
    global g
    import numpy.linalg
    from os import path as p2
    with o as w: pass
    try: pass
    except E as err: pass
    match v:
        case [m1, *m2]: pass
        case {"k": m3, **m4}: pass
    return (n := 3)
async def af(): nonlocal_free = [c for c in ()]
class C: pass
lam = lambda la: la
if cond:
    import inner.mod as im
'''


def test_names_bound_outside_imports_are_every_binding_but_a_top_level_import():
    tree = ast.parse(_BINDINGS)
    assert bound_outside_imports(tree) == {
        "x", "y", "i", "rest", "f", "p", "q", "args", "k", "kw", "g", "numpy", "p2", "w", "err",
        "m1", "m2", "m3", "m4", "n", "af", "nonlocal_free", "c", "C", "lam", "la", "im"}
