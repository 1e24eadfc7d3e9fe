"""The interpreter is assembled from mixins, one per concept (issue 13). A hook that another
mixin also defines must hand on to it (`super()`), or one concept silently shadows the other and
a call is handled by whichever class comes first in the MRO."""
from __future__ import annotations

import ast
import inspect
import textwrap
from collections import defaultdict

from codemods.analysis.interpreter import Interpreter


def _defined_by() -> dict[str, list[type]]:
    found: dict[str, list[type]] = defaultdict(list)
    for cls in Interpreter.__mro__[1:]:
        for name, member in vars(cls).items():
            if callable(member) and not name.startswith("__"):
                found[name].append(cls)
    return found


def _calls_super(cls: type, name: str) -> bool:
    tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(cls, name))))
    return any(isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.value, ast.Call)
               and isinstance(node.value.func, ast.Name) and node.value.func.id == "super" for node in ast.walk(tree))


def test_every_hook_defined_twice_hands_on_to_the_next():
    for name, classes in _defined_by().items():
        for cls in classes[:-1]:  # every definition but the last in the MRO must delegate
            assert _calls_super(cls, name), f"{cls.__name__}.{name} shadows {classes[-1].__name__}.{name}"


def test_the_mixins_share_no_other_method_names():
    shared = sorted(name for name, classes in _defined_by().items() if len(classes) > 1)
    # higher_order: ShapeFlow drops array shapes first (the function sees slices or batches).
    # call / call_method: argparse parsers, str methods and config classes (cli_args.py,
    # attr_dicts.py) take their own callees and receivers first. _static_value: the loop variable
    # of the item under analysis (loop_params.py). eval / eval_Name / eval_Attribute /
    # eval_Subscript / call: symbols (symbols.py) name the chains read from code not run, and
    # forget them in whatever is computed from them. eval_Compare / eval_Dict: Enum members
    # (enum_values.py) decide `op == ReduceOp.SUM` and build member-keyed tables first;
    # eval_Subscript also runs a class's `__getitem__` (item_methods.py). class_attribute: a
    # wrapper's delegating `__getattr__` answers what the class lookup misses (delegated_attributes.py).
    # construct: a dataclass record that is a dict too is built with its items (dict_records.py).
    # store_item: an item store into an object's dict field makes a new version of the object
    # first (field_items.py); eval_Compare / call also decide `key in table` and `re.search` of
    # constants (key_matches.py).
    assert shared == ["_static_value", "call", "call_method", "class_attribute", "construct", "eval", "eval_Attribute",
                      "eval_Call", "eval_Compare", "eval_Dict", "eval_Name", "eval_Subscript", "higher_order",
                      "store_item"]
