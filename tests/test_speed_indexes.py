"""The speed work of the session of 2026-12-07 06:56 UTC (devpj) may change no answer. The
untraced-jit reading (untraced_jits.py) and the construction `__init__` reading (init_reruns.py)
walked the whole module (and each def) and now read the module's indexes; each equals the old
reading, kept here as the reference, on the forms, the fixture programs and small modules written
to reach every way a def or an `__init__` is let go. No timings are asserted."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from codemods.analysis import untraced_jits
from codemods.analysis.init_reruns import _chained, _reader, _reader_spellings, _wrapping, construction_inits
from codemods.analysis.names import ImportTable
from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.scopes import ModuleScope

ROOT = Path(__file__).resolve().parent.parent
FORMS = sorted((ROOT / "tests" / "data" / "forms").glob("*.py"))
FIXTURES = sorted((ROOT / "fixtures").glob("SF*/*/*.py"))

_JITTED = '''import functools
import jax
import numpy as np


@functools.partial(jax.jit, static_argnums=(1,))
def step(x, cfg):
    return x


def main(x):
    return step(x, {"a": 1})
'''

# Each appended to _JITTED: a way the def is (or is not) let go.
_ENDINGS = {
    "plain": "",
    "listed": '__all__ = ["step"]',
    "bytes": 'TAG = b"step"',
    "class": "class step:\n    pass",
    "nested_def": "def outer():\n    def step():\n        return 1\n    return step",
    "nested_async": "def outer():\n    async def step():\n        return 1\n    return step",
    "global": "def g():\n    global step\n    return 1",
    "nonlocal": "def g():\n    step = 1\n    def h():\n        nonlocal step\n    return h",
    "import": "def g():\n    import os as step\n    return step",
    "import_from": "def g():\n    from os import step\n    return 1",
    "aliased": "F = step",
    "stored": "def g():\n    step = 2\n    return 3",
    "hashable": "def m(x):\n    return step(x, (1, 2))",
    "bound_once": 'def m(x):\n    c = {"a": 1}\n    return step(x, c)',
    "bound_twice": 'def m(x):\n    c = {"a": 1}\n    c = {"b": 2}\n    return step(x, c)',
    "comprehension": 'def m(x):\n    return [step(x, c) for c in [{"a": 1}]]',
    "module_value": 'C = {"a": 1}\ndef m(x):\n    return step(x, C)',
    "array": "def m(x):\n    return step(x, np.array([1]))",
    "tuple_of_dict": 'def m(x):\n    return step(x, ({"a": 1}, 2))',
    "starred": "def m(*a):\n    return step(*a)",
    "keyword": 'def m(x):\n    return step(x, cfg={"a": 1})',
    "method": "class K:\n    @functools.partial(jax.jit, static_argnums=(1,))\n    def step(self, cfg):\n        return 1",
    "class_body": 'class K:\n    c = {"a": 1}\n    r = step(1, c)',
    "lambda": 'G = lambda x: step(x, {"a": 1})',
    "walrus": 'def m(x):\n    ys = [(c := {"a": 1}) for _ in range(2)]\n    return step(x, c)',
}

_INITS = {
    "reset": "class P:\n    def __init__(self, a):\n        self.a = a\n    def reset(self):\n        self.__init__(1)\n",
    "chained": "class B:\n    def __init__(self):\n        self.b = 1\n"
               "class P(B):\n    def __init__(self):\n        super().__init__()\n        B.__init__(self)\n"
               "        object.__init__(self)\n",
    "signature": "import inspect\nclass P:\n    def __init__(self, a):\n        self.a = a\n"
                 "S = inspect.signature(P.__init__)\n",
    "wrapped": "import functools\ndef configurable(cls):\n    init = cls.__init__\n"
               "    def __init__(self, *a, **k):\n        init(self, *a, **k)\n    cls.__init__ = __init__\n"
               "    cls.__init__(None)\n    return cls\n",
    "attribute_store": "class P:\n    pass\nP.x.__init__ = None\n",
    "deleted": "class P:\n    def __init__(self):\n        pass\ndel P.__init__\n",
}


def _sources():
    for path in FORMS[::2] + FIXTURES:
        yield path.name, path.read_text(encoding="utf-8")
    for name, ending in _ENDINGS.items():
        yield name, _JITTED + "\n\n" + ending + "\n"
        yield name + "_async", _JITTED.replace("def step", "async def step") + "\n\n" + ending + "\n"
        yield name + "_names", _JITTED.replace("static_argnums=(1,)", "static_argnames=('cfg',)") + "\n\n" + ending + "\n"
    yield from _INITS.items()


def _trees():
    for name, source in _sources():
        try:
            yield name, ast.parse(source)
        except SyntaxError:
            continue


TREES = list(_trees())


# The readings before this session (whole-module walks), as they were.
def _old_untraced_nodes(scope) -> set[int]:
    tree = scope.tree
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: set[int] = set()
    for node in ast.walk(tree):
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef) and type(parents.get(id(node))) is not ast.ClassDef \
                and (statics := untraced_jits._statics(scope, node)) is not None \
                and _old_every_call_raises(scope, tree, parents, node, statics):
            found |= {id(inner) for inner in ast.walk(node)}
    return found


def _old_every_call_raises(scope, tree, parents, function, statics) -> bool:
    name = function.name
    calls = 0
    for node in ast.walk(tree):
        if type(node) is ast.Constant and node.value == name:
            return False
        if node is not function and type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and node.name == name \
                or type(node) in (ast.Import, ast.ImportFrom) and any((alias.asname or alias.name) == name for alias in node.names) \
                or type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return False
        if type(node) is ast.Name and node.id == name:
            call = parents.get(id(node))
            if type(node.ctx) is not ast.Load or type(call) is not ast.Call or call.func is not node \
                    or not untraced_jits._passes_unhashable(scope, parents, call, statics):
                return False
            calls += 1
    return calls > 0


def _old_construction_inits(tree: ast.Module) -> frozenset[int]:
    found: set[int] = set()
    for cls in (node for node in iter_nodes(tree) if type(node) is ast.ClassDef):
        bases = {ast.dump(base) for base in cls.bases} | {ast.dump(ast.Name("object", ast.Load()))}
        for member in cls.body:
            params = positional_params(member.args) if isinstance(member, DEFS) and member.name == "__init__" else []
            if params:
                found.update(_chained(member, params[0].arg, bases))
    readers = _reader_spellings(tree)
    for node in iter_nodes(tree):
        if type(node) is ast.Call and _reader(node.func, readers):
            found.update(id(arg) for arg in node.args if type(arg) is ast.Attribute and arg.attr == "__init__")
        elif type(node) is ast.Attribute and node.attr == "__init__" and type(node.ctx) is not ast.Load:
            found.add(id(node))
        elif isinstance(node, DEFS):
            found.update(_wrapping(node))
    return frozenset(found)


def test_the_written_modules_reach_both_answers():
    untraced = [name for name, tree in TREES if _old_untraced_nodes(ModuleScope(tree, ImportTable.of(tree)))]
    assert "plain" in untraced and "bound_once" in untraced and "listed" not in untraced and "aliased" not in untraced
    assert all(_old_construction_inits(tree) for name, tree in TREES if name in _INITS and name != "reset")


@pytest.mark.parametrize("name,tree", TREES, ids=[name for name, _ in TREES])
def test_untraced_nodes_unchanged(name, tree):
    scope = ModuleScope(tree, ImportTable.of(tree))
    assert untraced_jits._untraced_nodes(scope) == _old_untraced_nodes(scope)


@pytest.mark.parametrize("name,tree", TREES, ids=[name for name, _ in TREES])
def test_construction_inits_unchanged(name, tree):
    assert construction_inits(tree) == _old_construction_inits(tree)
