"""argument_binding.bind answers as Python binds a call, None wherever Python raises TypeError
or the source does not show the arguments."""
from __future__ import annotations

import ast

import pytest

from codemods.analysis.argument_binding import bind, source_arguments

PARAMS = ("fd", "mode")
DEFAULTS = {"mode": "r", "encoding": None}


def _python(args: tuple, kwargs: dict) -> dict | None:
    def fdopen(fd, mode="r", *, encoding=None):
        return {"fd": fd, "mode": mode, "encoding": encoding}

    try:
        return fdopen(*args, **kwargs)
    except TypeError:
        return None


@pytest.mark.parametrize("args, kwargs", [
    ((3,), {}), ((3, "w"), {}), ((3,), {"mode": "w"}), ((), {"fd": 3, "encoding": "utf-8"}),
    ((3, "w", "x"), {}), ((3,), {"fd": 4}), ((3, "w"), {"mode": "r"}), ((), {}), ((3,), {"buffering": 1}),
    ((), {"mode": "w"}),
])
def test_bind_with_defaults_is_pythons_binding(args, kwargs):
    assert bind(PARAMS, args, kwargs, DEFAULTS, ("encoding",)) == _python(args, kwargs)


def test_bind_without_defaults_leaves_out_what_is_not_given():
    assert bind(PARAMS, [3], {}) == {"fd": 3}
    assert bind(PARAMS, [], {"mode": "w"}) == {"mode": "w"}
    assert bind(PARAMS, [3, "w", 1], {}) is None
    assert bind(PARAMS, [3], {"encoding": "utf-8"}) is None  # (not a parameter here)


def test_source_arguments_give_up_on_starred_and_double_starred():
    def call(text: str) -> ast.Call:
        return ast.parse(text).body[0].value

    assert source_arguments(call("f(*xs)")) is None
    assert source_arguments(call("f(a, **kw)")) is None
    args, keywords = source_arguments(call("f(a, b, c=1)"))
    assert [ast.unparse(arg) for arg in args] == ["a", "b"] and list(keywords) == ["c"]
