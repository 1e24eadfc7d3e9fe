"""The readings adversarial32 corrected: order-free answers over a listing's equal items
(unordered_listings.py), the roads to closure cells and frames (introspection_roads.py), and what
a class-body hint is to dataclasses (hint_kinds.py)."""
from __future__ import annotations

import ast

import pytest

from codemods.analysis.hint_kinds import CLASSVAR, FIELD, INITVAR, hint_kind
from codemods.analysis.host_objects import Bail
from codemods.analysis.introspection_roads import ROADS, introspects
from codemods.analysis.unordered_listings import Unordered, builtin


@pytest.mark.parametrize("items", [[True, 1], [False, 0], [0.0, -0.0], [1, 1.0], [(True,), (1,)], [(0.0,), (-0.0,)]])
@pytest.mark.parametrize("name", ["min", "max", "sorted", "set", "frozenset"])
def test_equal_items_that_differ_stop_the_run(name: str, items: list) -> None:
    for held in (items, items[::-1]):
        with pytest.raises(Bail):
            builtin(None, name, [Unordered(list(held))], {})


@pytest.mark.parametrize("items", [["b", "a"], [3, 1, 2], [("a", 1), ("b", 2)], [None, "x", 2]])
def test_items_equal_only_when_the_same_are_read(items: list) -> None:
    assert builtin(None, "set", [Unordered(items)], {}) == set(items)
    if all(type(item) is type(items[0]) for item in items) and type(items[0]) in (str, int):
        assert builtin(None, "min", [Unordered(items)], {}) == min(items)
        assert builtin(None, "sorted", [Unordered(items)], {}) == sorted(items)


# Each road to a cell or a frame, alone in a module, makes its makers' cells unknown.
_ROAD_SOURCES = [
    "get.__closure__[0].cell_contents = 1", "c.cell_contents", "types.CellType(1)", "inspect.getclosurevars(get)",
    "f.f_locals", "f.f_back", "f.f_globals", "tb.tb_frame", "tb.tb_next", "g.gi_frame", "c.cr_frame", "a.ag_frame",
    "sys._getframe()", "inspect.currentframe()", "inspect.stack()", "inspect.trace()", "inspect.getouterframes(f)",
    "inspect.getinnerframes(tb)", "inspect.getargvalues(f)", "inspect.getframeinfo(f)", "traceback.walk_stack(None)",
    "traceback.walk_tb(tb)", "task.get_stack()", "traceback.print_stack()", "sys._current_frames()",
    "sys.settrace(f)", "sys.setprofile(f)", "threading.settrace(f)", "pdb.set_trace()", "breakpoint()",
    "e.__traceback__", "sys.exc_info()", "sys.exception()", "sys.last_traceback", "sys.last_exc", "sys.last_value",
    "e.with_traceback(None)", "gc.get_referents(x)", "gc.get_referrers(x)", "gc.get_objects()",
    "ctypes.pythonapi", "import gc", "import ctypes", "import pdb", "from gc import collect",
    "from inspect import currentframe as here", "from sys import exc_info", "from inspect import *",
    "getattr(get, '__closure__')", "getattr(get, name)", "reach = getattr",
    "operator.attrgetter(name)", "exec(text)", "eval(text)", "exec('get.__closure__')", "importlib.import_module(n)",
    "object.__getattribute__(get, name)", "getattr(frame, 'f_locals')", "from inspect import stack",
    "x.stack()", "import jax.numpy as jnp\njnp = inspect\njnp.stack()",
    "import jax\ngetattr(jax.lax, name).__closure__", "import jax\njax = sys\ngetattr(jax, name)",
    "import jax\ngetattr(jax.lax, name, default=None)", "getattr(importlib.import_module(m), name)",
    "import logging\nlogging.currentframe()", "import logging\nlogging = sys\nlogging.exception()",
]


@pytest.mark.parametrize("source", _ROAD_SOURCES)
def test_each_road_to_cells_or_frames_is_seen(source: str) -> None:
    assert introspects(ast.parse(source))


def test_every_road_name_is_seen() -> None:
    for road in ROADS:
        receiver = "import sys as x\n" if road == "exception" else ""  # (only sys's `exception` reaches frames)
        assert introspects(ast.parse(f"{receiver}x.{road}")), road
        assert introspects(ast.parse(f"from m import {road}\n{road}()")), road


@pytest.mark.parametrize("source", ["import sys\nsys.exit(main())", "x = getattr(a, 'shape')", "exec('pass')",
                                    "import inspect\ninspect.signature(f)", "x = {'axes': ('i',)}",
                                    "'A stack of layers; trace it for the exception.'",
                                    "import jax.numpy as jnp\nimport numpy as np\nimport jax\njnp.stack(x)\nnp.trace(x)\njax.profiler.trace(d)",
                                    "stack = []\nstack.append(1)",
                                    "import jax\nop = getattr(jax.lax, name)",
                                    "import jax.numpy as jnp\nf = getattr(jnp, name, None)",
                                    "import logging\nlogging.exception('psum failed')"])
def test_plain_modules_are_not_introspecting(source: str) -> None:
    assert not introspects(ast.parse(source))


@pytest.mark.parametrize("source, kind", [
    ("import typing\nclass P:\n    a: typing.ClassVar[int]", CLASSVAR),
    ("import typing as t\nclass P:\n    a: t.ClassVar", CLASSVAR),
    ("from typing import ClassVar as CVar\nclass P:\n    a: CVar[tuple]", CLASSVAR),
    ("from dataclasses import InitVar as IVar\nclass P:\n    a: IVar[int]", INITVAR),
    ("import dataclasses\nclass P:\n    a: dataclasses.InitVar[int]", INITVAR),
    ("class P:\n    a: tuple", FIELD),
    ("import jax\nclass P:\n    a: jax.Array", FIELD),
    ("class P:\n    a: int | None", FIELD),
    ("from typing import ClassVar\nclass P:\n    a: 'ClassVar[int]'", CLASSVAR),
    ("from __future__ import annotations\nimport typing\nclass P:\n    a: typing.ClassVar[int]", CLASSVAR),
    ("from __future__ import annotations\nfrom typing import ClassVar as C\nclass P:\n    a: C[int]", CLASSVAR),
    # under the future import a str hint's text starts with its quote: dataclasses finds no name
    ("from __future__ import annotations\nfrom typing import ClassVar\nclass P:\n    a: 'ClassVar[int]'", FIELD),
    ("from __future__ import annotations\nimport typing\nclass P:\n    a: typing.Tuple[int]", FIELD),
    ("class Rule:\n    pass\nclass Rule:\n    pass\nclass P:\n    a: Rule", FIELD),
    ("import dataclasses\n@dataclasses.dataclass\nclass In:\n    a: int\nclass P:\n    a: In", FIELD),
    ("import dataclasses\nx = vars(dataclasses)\nclass P:\n    a: int", FIELD),
    ("def deco(c):\n    return c\n@deco\nclass In:\n    pass\nclass P:\n    a: In", None),
    ("globals()['T'] = int\nclass P:\n    a: T", None),
    # not certain: aliases the module assigned, names bound twice or nowhere, a module name rebound
    ("import typing\nCV = typing.ClassVar\nclass P:\n    a: CV[tuple]", None),
    ("import typing\nWholeCV = typing.ClassVar[tuple]\nclass P:\n    a: WholeCV", None),
    ("TupleClassVar = tuple\nclass P:\n    a: TupleClassVar", None),
    ("import typing\nCV = typing.ClassVar\nclass P:\n    a: 'CV[tuple]'", None),
    ("import dataclasses\nIV = dataclasses.InitVar\nclass P:\n    a: IV[int]", None),
    ("import typing\ntyping = 3\nclass P:\n    a: typing.ClassVar[int]", None),
    ("class P:\n    a: Unbound", None),
    ("from helpers import Shared\nclass P:\n    a: Shared[int]", None),
    ("class P:\n    a: make()", None),
])
def test_a_hint_is_read_by_what_its_head_resolves_to(source: str, kind: str | None) -> None:
    tree = ast.parse(source)
    assert hint_kind(tree, tree.body[-1].body[0].annotation) == kind


# The running-frames guard (`unseen=False`): attributes named `stack`/`trace`/`exception` alone hand
# out frames or an exception, never a local; they count only beside a hidden step to the locals.
@pytest.mark.parametrize("source, expected", [
    ("self.trace(energy)", False), ("x.stack()", False), ("import sys\nsys.exception()", False),
    ("'''frames: f_locals'''\nx.trace()", False),
    ("x.stack()[1].frame.f_locals['a'] = 1", True), ("getattr(x.stack()[1].frame, 'f_locals')", True),
    ("getattr(x.stack()[1].frame, name)", True), ("vars(type(x.stack()[1].frame))['f_locals']", True),
    ("import inspect\ninspect.getmembers(x.stack()[1].frame)", True), ("x.trace()\nkey = 'f_locals'", True),
    ("x.trace()\nsys._getframe()", True),
])
def test_stack_trace_and_exception_alone_reach_no_running_local(source: str, expected: bool) -> None:
    assert introspects(ast.parse(source), unseen=False) is expected
    assert introspects(ast.parse(source))  # (the closure guard still counts every road alone)
