"""Script runs find attributes along a class's C3 order, as Python does (class_orders.py)."""
import ast

import pytest

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun

HIERARCHIES = [
    "class A:\n    pass\nclass B(A):\n    pass\nclass C(A):\n    pass\nclass D(B, C):\n    pass\n",
    "class X:\n    pass\nclass Y:\n    pass\nclass M(X, Y):\n    pass\nclass N(Y):\n    pass\nclass D(M, N):\n    pass\n",
    ("class K1:\n    pass\nclass K2:\n    pass\nclass K3:\n    pass\nclass Z1(K1, K2):\n    pass\n"
     "class Z2(K2, K3):\n    pass\nclass D(Z1, Z2, K3):\n    pass\n"),
]


def _run(source: str) -> ScriptRun:
    run = ScriptRun(ast.parse(source))
    run.run_module()
    return run


@pytest.mark.parametrize("source", HIERARCHIES)
def test_order_is_pythons(source):
    space: dict = {}
    exec(compile(source, "<hierarchy>", "exec"), space)  # noqa: S102 (the test's own classes)
    expected = [cls.__name__ for cls in space["D"].__mro__[:-1]]
    made = _run(source).module_env.vars["D"]
    assert [cls.node.name for cls in made.order] == expected


def test_inconsistent_order_stops():
    with pytest.raises(Bail):
        _run("class A:\n    pass\nclass B(A):\n    pass\nclass D(A, B):\n    pass\n")


def test_super_follows_the_instance_order():
    source = (
        "class Base:\n    def name(self):\n        return ['base']\n"
        "class Left(Base):\n    def name(self):\n        return ['left'] + super().name()\n"
        "class Right(Base):\n    def name(self):\n        return ['right'] + super().name()\n"
        "class Both(Left, Right):\n    pass\n"
        "NAMES = Both().name()\n"
    )
    assert _run(source).module_env.vars["NAMES"] == ["left", "right", "base"]
