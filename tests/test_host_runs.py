"""Host runs (host_runs.py): a module function given known objects is run on real Python
objects; what it cannot be certain of leaves the call to the abstract interpreter (None)."""
from __future__ import annotations

import ast
import textwrap

from codemods.analysis.interpreter import Interpreter
from codemods.analysis.names import ImportTable
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.values import Const, DictValue, Instance, TupleValue
from codemods.rules._diagnosis import Judge


def _value(source: str, call: str):
    """What the interpreter reads for the expression `call` at the module's level."""
    tree = ast.parse(textwrap.dedent(source) + f"\nRESULT = {call}\n")
    interp = Interpreter(ModuleScope(tree, ImportTable.of(tree)), Judge((0, 10, 2)))
    return interp.eval(tree.body[-1].value, interp.module_frame)


PARSER = """
def _scalar(text):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse(text):
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        key, _, value = raw.strip().partition(":")
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip():
            parent[key] = _scalar(value.strip())
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root

TEXT = "mesh:\\n  axis: data\\n  size: 4\\nlr: 0.5\\n"
"""


def test_a_yaml_like_parse_with_handled_exceptions_is_its_dict():
    found = _value(PARSER, "parse(TEXT)")
    assert found == DictValue(("mesh", "lr"), (DictValue(("axis", "size"), (Const("data"), Const(4))), Const(0.5)))


def test_an_exception_the_code_does_not_catch_gives_no_value():
    assert not isinstance(_value(PARSER + "\ndef first(t):\n    return int(t)\n", "first('data')"), Const)


def test_a_list_that_may_have_been_a_tuple_stops_a_type_test():
    source = "def kind(x):\n    return 'list' if isinstance(x, list) else 'other'\nAXES = ('i', 'j')\nD = {'i': 1}\n"
    # a sequence whose kind the analysis lost (a dict's keys view, a generator) is not answered
    assert not isinstance(_value(source, "kind(D.keys())"), Const)
    assert not isinstance(_value(source, "kind((a for a in AXES))"), Const)
    # where Python's kind is kept (sequence_kinds.py), it is answered
    assert _value(source, "kind(AXES)") == Const("other")
    assert _value(source, "kind(list(AXES))") == Const("list")
    assert _value(source, "kind([a for a in AXES])") == Const("list")
    assert _value(source, "kind('i')") == Const("other")


def test_a_change_to_an_object_it_was_given_gives_no_value():
    source = "def grow(items):\n    items.append('k')\n    return len(items)\nITEMS = ['i']\n"
    assert not isinstance(_value(source, "grow(ITEMS)"), Const)  # the program's own list changes too


def test_a_call_of_a_foreign_or_jax_name_gives_no_value():
    source = "import os\ndef axis():\n    return os.environ.get('AXIS', 'i')\ndef pick(d):\n    return os.sep + d\n"
    assert not isinstance(_value(source, "pick('i')"), Const)


def test_overrides_replace_fields_of_a_frozen_dataclass_by_their_types():
    source = textwrap.dedent("""
        import dataclasses

        @dataclasses.dataclass(frozen=True)
        class Cfg:
            axes: tuple = ("i",)
            steps: int = 2

        def with_overrides(cfg, overrides):
            changes = {}
            for item in overrides:
                key, _, value = item.partition("=")
                current = getattr(cfg, key)
                if isinstance(current, tuple):
                    changes[key] = tuple(type(current[0])(v) for v in value.split(","))
                else:
                    changes[key] = type(current)(value)
            return dataclasses.replace(cfg, **changes)
    """)
    found = _value(source, "with_overrides(Cfg(), ['axes=i,j', 'steps=3'])")
    assert isinstance(found, Instance)
    assert dict(found.fields) == {"axes": TupleValue((Const("i"), Const("j"))), "steps": Const(3)}


def test_a_loop_past_the_budget_gives_no_value():
    source = "def spin(n):\n    k = 0\n    while k < n:\n        k += 1\n    return k\n"
    assert _value(source, "spin(10)") == Const(10)
    assert not isinstance(_value(source, "spin(10 ** 7)"), Const)


GLOBAL_STATE = """
_AXIS = "i"
_CALLS = 0


def initialize(axis):
    global _AXIS
    _AXIS = axis


def get_axis(prefix):
    global _AXIS
    return prefix + _AXIS


def parse_counted(text):
    global _CALLS
    _CALLS += 1
    out = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        out[key] = value
    return out

initialize("j")
"""


def test_du_a_run_never_rebinds_a_module_global_yet_its_result_stays_right():
    # (the store to `_CALLS` would change the module behind the interpreter's back: the run stops
    # there and the interpreter reads the call as before)
    assert _value(GLOBAL_STATE, 'parse_counted("a=i,b=j")') == DictValue(("a", "b"), (Const("i"), Const("j")))


def test_ndu_a_global_rebound_by_another_call_is_not_read_as_its_first_value():
    assert _value(GLOBAL_STATE, 'get_axis("x")') not in (Const("xi"), Const("xj"))


WALRUS = """
def last_axis(names):
    kept = [last := n for n in names if n]
    return last, len(kept)

G = 1

def bump(names):
    global G
    [G := n for n in names]
    return G

def nested():
    G = 0
    def inner(names):
        global G
        [G := n for n in names]
        return G
    return inner(("a",)), G
"""


def test_a_walrus_in_a_comprehension_binds_in_the_def_scope():  # (PEP 572; named_exprs.py)
    assert _value(WALRUS, "last_axis(('data', '', 'model'))") == TupleValue((Const("model"), Const(2)))


def test_a_walrus_that_rebinds_a_declared_global_stops_a_host_run():
    assert not isinstance(_value(WALRUS, "bump(('data', 'model'))"), Const)
    assert _value(WALRUS, "nested()") != TupleValue((Const("a"), Const("a")))  # (not nested's own G)
