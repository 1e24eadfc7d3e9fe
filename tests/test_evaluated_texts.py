"""`eval(text, namespace)` and a partial's fields in a script run (codemods/analysis/evaluated_texts.py,
partial_fields.py): the AGREEING modules are also run by CPython here, and the run must give the same
value; the STOPPING ones are what the run does not model, where it must stop (Bail)."""
from __future__ import annotations

import ast
import textwrap

import pytest

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_run import ScriptRun


def run_value(source: str, name: str = "result"):
    run = ScriptRun(ast.parse(textwrap.dedent(source)))
    run.run_module()
    return run.module_env.vars[name]


def python_value(source: str, name: str = "result"):
    space: dict = {"__name__": "evaluated_texts_case"}
    exec(compile(textwrap.dedent(source), "<case>", "exec"), space)  # noqa: S102 (the cases below)
    return space[name]


AGREEING = {
    "gin_like_line": """
        import re
        macros = {"DATA": "data"}
        rhs = re.sub(r"%(\\w+)", lambda m: f"_M[{m.group(1)!r}]", "(%DATA, None)")
        result = eval(rhs, {"__builtins__": {}, "_M": macros})
        """,
    "builtins_reached_and_added": """
        space = {"axes": ["model", "data"]}
        value = eval("tuple(sorted(axes))", space)
        result = (value, sorted(space), len(space))
        """,
    "locals_mapping_read_first": """
        result = eval("(axis, other)", {"__builtins__": {}, "axis": "dp", "other": "tp"}, {"axis": "tp"})
        """,
    "same_dict_twice": """
        space = {"axis": "dp"}
        result = eval("[axis for _ in 'ab']", space, space)
        """,
    "no_namespace_at_module_level": """
        axes = ("i",)
        result = eval("axes + ('j',)")
        """,
    "no_namespace_in_a_def_reads_its_locals_then_the_globals": """
        axes = ("i",)
        def widened(extra):
            return eval("axes + extra")
        result = widened(("j",))
        """,
    "future_flags_lent_by_the_module": """
        from __future__ import barry_as_FLUFL
        try:
            eval("1 != 2", {})
            result = "compiled"
        except SyntaxError:
            result = ("raised", eval("1 <> 2", {}))
        """,
    "future_flags_lent_in_a_def": """
        from __future__ import annotations, barry_as_FLUFL
        def differs(a):
            try:
                return eval("a != 2")
            except SyntaxError:
                return eval("a <> 2")
        result = (differs(1), differs(2))
        """,
    "leading_blanks_stripped": """
        result = eval("  \\t('dp', 'tp')", {})
        """,
    "partial_of_a_partial_is_flattened": """
        import functools
        def f(*args, **kwargs):
            return args, kwargs
        inner = functools.partial(f, 1, axis="i")
        outer = functools.partial(inner, 2, tiled=True)
        result = (outer.func is f, outer.args, sorted(outer.keywords.items()))
        """,
    "keywords_changed_in_place_reach_the_call": """
        import functools
        def f(**kwargs):
            return kwargs["axis_name"]
        p = functools.partial(f, axis_name=["i", "j"])
        p.keywords["axis_name"] = tuple(p.keywords["axis_name"])
        result = p()
        """,
    # (adversarial24 E: the text's frame has the namespace as its globals, not the caller's module)
    "globals_in_the_text_is_the_namespace": 'result = (eval("len(globals())", {"k": 1}), eval("sorted(globals())", {"z": 0}))',
    "globals_in_the_text_in_a_def": 'def f():\n    return eval("list(globals())", {"k": 1})\nresult = f()',
    "globals_under_another_name_in_the_text": 'result = sorted(eval("g()", {"g": globals}))',
    "globals_in_a_comprehension_of_the_text": 'result = eval("[len(globals()) for _ in (1,)]", {"a": 1})',
    "globals_of_a_def_called_from_the_text": textwrap.dedent("""
        def names():
            return "names" in globals()
        result = eval("f()", {"f": names})
        """),
    "globals_beside_the_text_is_the_module": 'eval("1", {})\nresult = "result" not in globals() and "__name__" in globals()',
}


@pytest.mark.parametrize("name", sorted(AGREEING))
def test_the_run_agrees_with_cpython(name):
    assert run_value(AGREEING[name]) == python_value(AGREEING[name])


STOPPING = {
    "builtin_without_builtins_is_a_name_error": 'result = eval("len(x)", {"__builtins__": {}, "x": [1]})',
    "the_added_builtins_are_not_read": 'space = {}\neval("1", space)\nresult = type(space["__builtins__"]) is dict',
    "lambda_runs_after_eval_returns": 'result = eval("lambda v: v", {})',
    "generator_runs_after_eval_returns": 'result = eval("(v for v in (1, 2))", {})',
    "comprehension_beside_a_locals_mapping": 'result = eval("[a for _ in (1,)]", {"a": 1}, {"a": 2})',
    "locals_mapping_of_another_kind": 'import collections\nresult = eval("a", {}, collections.OrderedDict(a=1))',
    "name_in_neither_mapping": 'result = eval("b", {"__builtins__": {}}, {"a": 1})',
    "no_namespace_name_of_an_enclosing_def": textwrap.dedent("""
        def outer():
            axes = ("j",)
            def inner():
                return eval("axes")
            return inner()
        result = outer()
        """),
    "no_namespace_comprehension_in_a_def": 'def f(a):\n    return eval("[a for _ in (1,)]")\nresult = f(1)',
    "no_namespace_in_a_class_body": 'class C:\n    v = 1\n    w = eval("v")\nresult = C.w',
    "no_namespace_local_not_yet_set": textwrap.dedent("""
        axes = 1
        def f():
            found = eval("axes")
            axes = 2
            return found, axes
        result = f()
        """),
    "syntax_error": 'result = eval("a =", {})',
    "yield_outside_a_def": 'def g():\n    yield eval("(yield 1)", {})\nresult = list(g())',
    "walrus_into_the_namespace": 'space = {}\neval("(picked := 1)", space)\nresult = space["picked"]',
    "chosen_builtins": 'result = eval("len(x)", {"__builtins__": {"len": len}, "x": [1]})',
    "vars_of_the_text": 'result = eval("len(vars())", {"k": 1})',
    "locals_of_the_text": 'result = eval("locals()", {}, {"a": 1})',
    "dir_of_the_text": 'result = eval("dir()", {})',
    "one_argument_eval_in_the_text": 'result = eval("eval(\'len(globals())\')", {"k": 1})',
    "frame_of_the_text": 'import sys\nresult = eval("s._getframe().f_globals", {"s": sys})',
}


@pytest.mark.parametrize("name", sorted(STOPPING))
def test_the_run_stops_where_it_does_not_model(name):
    with pytest.raises(Bail):
        run_value(STOPPING[name])
