"""Classes made by a call in a script run (script_library.py; issue 13): the functional Enum API
`Axis = enum.Enum("Axis", "DATA MODEL")` and `dataclasses.make_dataclass("Cfg", [...])`. Each is
made as the class statement it stands for (script_classes.py).

Enum:
What CPython 3.11's EnumType does for `Enum(name, names)`: a class of that name over Enum whose
members are, for a str, its words (commas read as spaces), and for a list or tuple of strs those
names, valued 1, 2, ... in order (Enum's `_generate_next_value_` from `start` 1); for a list or
tuple of (name, value) pairs or a dict, those values. The run makes it as the class statement
`class Axis(Enum): DATA = 1; MODEL = 2` would be made (script_classes.py). Keywords (`module`,
`qualname`, `type`, `start`, `boundary`) or a value that is not a plain constant stop the run
(Bail); the names go through the Enum namespace's rules (enum_namespaces.py): `_sunder_`, twice
given, `mro` and `''` raise as Python raises.

make_dataclass (CPython 3.11): each field a name (annotated `'typing.Any'`), a (name, type) or a
(name, type, default-or-field) tuple, made as `@dataclass class Cfg: name: type = default`;
`frozen`, `order`, `kw_only` passed to the decorator. A name that is not an identifier, a keyword
or given twice (TypeError), a ClassVar/InitVar/KW_ONLY type, or any other keyword (`bases`,
`namespace`, `slots`, ...) stop the run. 3.11's make_dataclass has no `module=`: the class is made by
`types.new_class`, whose frame's module names it, so its `__module__` is "types".
"""
from __future__ import annotations

import ast
import keyword

from codemods.analysis.host_objects import Bail

_CONSTANTS = (int, float, str, bool, type(None))


def _constant(value: object) -> bool:
    return type(value) in _CONSTANTS or type(value) is tuple and all(_constant(item) for item in value)


def _members(names: object) -> list:
    if type(names) is str:
        return [(name, index) for index, name in enumerate(names.replace(",", " ").split(), 1)]
    if type(names) in (list, tuple) and names and all(type(name) is str for name in names):
        return [(name, index) for index, name in enumerate(names, 1)]
    if type(names) in (list, tuple) and all(type(pair) in (list, tuple) and len(pair) == 2 and type(pair[0]) is str
                                            for pair in names):
        return [tuple(pair) for pair in names]
    if type(names) is dict and all(type(name) is str for name in names):
        return list(names.items())
    raise Bail


def functional_enum(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.host_exprs import Env
    from codemods.analysis.script_classes import make_class
    from codemods.analysis.script_values import Lib

    if len(args) != 2 or kwargs or type(args[0]) is not str:
        raise Bail  # (one argument: a value lookup on Enum itself, which has no members)
    members = _members(args[1])
    if not all(_constant(value) for _, value in members):
        raise Bail  # (names: checked as the class body's, enum_namespaces.py)
    line = getattr(run.node, "lineno", 1) if getattr(run, "node", None) is not None else 1
    node = ast.ClassDef(name=args[0], bases=[ast.Name("Enum", ast.Load())], keywords=[], decorator_list=[],
                        body=[ast.Assign([ast.Name(name, ast.Store())], ast.Constant(value)) for name, value in members]
                        or [ast.Pass()])
    ast.fix_missing_locations(ast.copy_location(node, ast.Pass(lineno=line, col_offset=0)))
    ast.fix_missing_locations(node)
    node._sf_functional = True  # (its names set unmangled)
    env = Env(None, frozenset())
    env.vars = {"Enum": Lib("enum.Enum")}
    return make_class(run, node, env)


def made_dataclass(run, args: list, kwargs: dict) -> object:
    from codemods import jaxapi
    from codemods.analysis.host_exprs import Env
    from codemods.analysis.script_classes import make_class
    from codemods.analysis.hint_kinds import FIELD, keep_kind
    from codemods.analysis.script_values import Lib

    if len(args) != 2 or type(args[0]) is not str or type(args[1]) not in (list, tuple) \
            or not set(kwargs) <= {"frozen", "order", "kw_only"} or not all(type(v) is bool for v in kwargs.values()):
        raise Bail
    env = Env(None, frozenset())
    env.vars = {"dataclass": Lib("dataclasses.dataclass")}
    body, seen = [], set()
    for index, item in enumerate(args[1]):
        item = (item, "typing.Any") if type(item) is str else item
        if type(item) not in (list, tuple) or len(item) not in (2, 3) or type(item[0]) is not str \
                or not item[0].isidentifier() or keyword.iskeyword(item[0]) or item[0] in seen:
            raise Bail
        if type(item[1]) is Lib and any(mark in jaxapi.canonical(item[1].name) for mark in ("ClassVar", "InitVar", "KW_ONLY")):
            raise Bail
        seen.add(item[0])
        env.vars[f"<type{index}>"] = item[1]  # (names no field can have: the body's own names never hide them)
        value = None
        if len(item) == 3:
            env.vars[f"<default{index}>"] = item[2]
            value = ast.Name(f"<default{index}>", ast.Load())
        hint = ast.Name(f"<type{index}>", ast.Load())
        keep_kind(hint, FIELD)  # (no ClassVar nor InitVar, as checked above: hint_kinds.py)
        body.append(ast.AnnAssign(ast.Name(item[0], ast.Store()), hint, value, 1))
    body.append(ast.Assign([ast.Name("__module__", ast.Store())], ast.Constant("types")))  # (made by types.new_class)
    decorator = ast.Call(ast.Name("dataclass", ast.Load()), [], [ast.keyword(name, ast.Constant(flag))
                                                                  for name, flag in kwargs.items()])
    node = ast.ClassDef(name=args[0], bases=[], keywords=[], decorator_list=[decorator], body=body)
    line = getattr(getattr(run, "node", None), "lineno", 1)
    ast.fix_missing_locations(ast.copy_location(node, ast.Pass(lineno=line, col_offset=0)))
    ast.fix_missing_locations(node)
    return make_class(run, node, env)


LIBRARY = {"enum.Enum": functional_enum, "dataclasses.make_dataclass": made_dataclass}
