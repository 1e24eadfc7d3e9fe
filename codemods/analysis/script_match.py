"""The `match` statement in a script run (script_run.py; issue 13).

Modern research code reads its TOML tables and picks its strategies with `match`: mapping
patterns (`case {"shape": [int(a), int(b)], "axes": names, **rest}`), sequence patterns with a
star (`case [*_, last]`), class patterns on the module's dataclasses and NamedTuples
(`case Hybrid(axes=(_, ax)) if flag`), `str()` / `int()` checks, value patterns on Enum members,
or-patterns and guards; `case None, _` of an array (never None), `case P() as spec` (an
isinstance test on a PartitionSpec, no sub-patterns) and `case jax.Array() as w` / `np.ndarray()`. The cases are tried in order as Python tries them (PEP 634): the first
whose pattern matches and whose guard is true runs; its names are bound when its pattern matched
(before the guard is tested, as CPython binds them).

Certainty: a subject the run cannot classify (an array, an unknown value, a library object, an
instance of a class with hooks of its own that a pattern would call) stops the run (Bail), as
does a class pattern whose positional arguments depend on `__match_args__` the run cannot read.
Whether a value is a sequence or a mapping is decided only for the types the run holds exactly.
"""
from __future__ import annotations

import ast
import types

from codemods import jaxapi
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_flags import FlagMember
from codemods.analysis.script_values import (Arr, Lib, Member, MeshObj, NTup, ShardObj, SpecObj, StrMember, UClass, UFunc,
                                             UObj)

_SEQUENCES = (list, tuple, NTup, range)
_NOT_SEQUENCES = (FlagMember, str, StrMember, bytes, dict, int, float, bool, type(None), Member, UFunc, UClass, MeshObj,
                  ShardObj, set, frozenset, types.MappingProxyType)
_MAPPINGS = (dict, types.MappingProxyType)
_NOT_MAPPINGS = (FlagMember, list, tuple, NTup, range, str, StrMember, bytes, int, float, bool, type(None), Member, UFunc,
                 UClass, MeshObj, ShardObj, SpecObj, set, frozenset)
# The builtins whose class pattern's one positional argument matches the subject itself (PEP 634).
_SPEC_NAMES = frozenset({"jax.sharding.PartitionSpec", "jax.P"})
# Array classes whose class pattern with no sub-patterns is `isinstance`: a device array (not a NumPy
# one) is a jax.Array, a NumPy array (not a NumPy scalar) an np.ndarray; whether an array is on the
# host is exact in a run (script_values.Arr.host), and anything else the run holds is neither.
_ARRAY_NAMES = frozenset({"jax.Array", "numpy.ndarray"})
_SELF_MATCHING = (bool, bytearray, bytes, dict, float, frozenset, int, list, set, str, tuple)


def match_statement(run, node: ast.Match, env) -> None:
    subject = run.eval(node.subject, env)
    for case in node.cases:
        run.tick()
        bound: dict = {}
        if not _matches(run, case.pattern, subject, bound, env):
            continue
        for name, value in bound.items():
            run.store(ast.Name(name, ast.Store()), value, env)
        if case.guard is not None and not run.truth(run.eval(case.guard, env)):
            continue
        run.block(case.body, env)
        return


def _matches(run, pattern: ast.pattern, subject: object, bound: dict, env) -> bool:
    kind = type(pattern)
    if kind is ast.MatchAs:
        if pattern.pattern is not None and not _matches(run, pattern.pattern, subject, bound, env):
            return False
        if pattern.name is not None:
            bound[pattern.name] = subject
        return True
    if kind is ast.MatchOr:
        for option in pattern.patterns:
            trial: dict = {}
            if _matches(run, option, subject, trial, env):
                bound.update(trial)
                return True
        return False
    if kind is ast.MatchValue:
        return _equal(run, subject, run.eval(pattern.value, env), env)
    if kind is ast.MatchSingleton:
        if type(subject) not in _NOT_MAPPINGS + _MAPPINGS + (UObj, Arr):  # (an array, even unknown, is none of them)
            raise Bail  # (an unknown value may be None)
        return subject is pattern.value
    if kind is ast.MatchSequence:
        return _sequence(run, pattern, subject, bound, env)
    if kind is ast.MatchMapping:
        return _mapping(run, pattern, subject, bound, env)
    if kind is ast.MatchClass:
        return _class(run, pattern, subject, bound, env)
    raise Bail


def _equal(run, left: object, right: object, env) -> bool:
    found = run.compare(ast.Compare(ast.Constant(left), [ast.Eq()], [ast.Constant(right)]), env)
    if type(found) is not bool:
        raise Bail
    return found


def _sequence(run, pattern: ast.MatchSequence, subject: object, bound: dict, env) -> bool:
    if type(subject) in _NOT_SEQUENCES or type(subject) is UObj and subject.data is None \
            and subject.cls.builtin is None and not _hooked(subject):
        return False
    if type(subject) not in _SEQUENCES:
        raise Bail
    items = list(subject)
    stars = [i for i, sub in enumerate(pattern.patterns) if type(sub) is ast.MatchStar]
    if not stars:
        if len(items) != len(pattern.patterns):
            return False
        return all(_matches(run, sub, item, bound, env) for sub, item in zip(pattern.patterns, items))
    star = stars[0]
    before, after = pattern.patterns[:star], pattern.patterns[star + 1:]
    if len(items) < len(before) + len(after):
        return False
    tail = items[len(items) - len(after):] if after else []
    if not all(_matches(run, sub, item, bound, env) for sub, item in zip(before, items)):
        return False
    if pattern.patterns[star].name is not None:
        bound[pattern.patterns[star].name] = items[len(before):len(items) - len(after)]
    return all(_matches(run, sub, item, bound, env) for sub, item in zip(after, tail))


def _hooked(obj: UObj) -> bool:
    return any(obj.cls.lookup(hook) is not None for hook in ("__getitem__", "__len__", "__iter__"))


def _mapping(run, pattern: ast.MatchMapping, subject: object, bound: dict, env) -> bool:
    if type(subject) in _NOT_MAPPINGS or type(subject) is UObj and subject.data is None \
            and subject.cls.builtin is None and not _hooked(subject):
        return False
    if type(subject) not in _MAPPINGS:
        raise Bail
    keys = [run.eval(key, env) for key in pattern.keys]
    if not all(type(key) in (str, int, bool, StrMember, type(None)) for key in keys) or len(set(keys)) != len(keys):
        raise Bail
    for key, sub in zip(keys, pattern.patterns):
        if key not in subject:
            return False
        if not _matches(run, sub, subject[key], bound, env):
            return False
    if pattern.rest is not None:
        bound[pattern.rest] = {key: value for key, value in subject.items() if key not in keys}
    return True


def _class(run, pattern: ast.MatchClass, subject: object, bound: dict, env) -> bool:
    cls = run.eval(pattern.cls, env)
    if type(cls) is Lib and jaxapi.canonical(cls.name) in _SPEC_NAMES and not pattern.patterns and not pattern.kwd_patterns:
        if type(subject) is SpecObj:
            return True  # (`case P() as spec`: an isinstance test only)
        if type(subject) in _NOT_MAPPINGS + _MAPPINGS + (UObj,):
            return False  # (none of them a PartitionSpec: a module class cannot derive from it, script_classes.py)
        raise Bail
    if type(cls) is Lib and jaxapi.canonical(cls.name) in _ARRAY_NAMES and not pattern.patterns and not pattern.kwd_patterns:
        return run.is_instance(subject, cls)  # (`case jax.Array() as w`: an isinstance test, as script_builtins.py reads it)
    if type(subject) in (UObj, NTup) and type(cls) is UClass and _hooked_attributes(subject.cls):
        raise Bail
    if type(cls) is not UClass and cls not in _SELF_MATCHING and cls is not type(None):
        raise Bail
    if type(subject) not in _NOT_MAPPINGS + _MAPPINGS + (UObj,):
        raise Bail  # (an array or an unknown value: what it is an instance of is not known)
    if not run.is_instance(subject, cls):
        return False
    if pattern.patterns:
        if type(cls) is not UClass:
            if len(pattern.patterns) != 1:
                raise Raised(TypeError(f"{cls.__name__}() accepts 1 positional sub-pattern"))
            if not _matches(run, pattern.patterns[0], subject, bound, env):
                return False
        else:
            names = _match_args(cls)
            if len(pattern.patterns) > len(names):
                raise Bail  # (Python raises a TypeError)
            for name, sub in zip(names, pattern.patterns):
                if not _attribute(run, subject, name, sub, bound, env):
                    return False
    for name, sub in zip(pattern.kwd_attrs, pattern.kwd_patterns):
        if not _attribute(run, subject, name, sub, bound, env):
            return False
    return True


def _attribute(run, subject: object, name: str, sub: ast.pattern, bound: dict, env) -> bool:
    try:
        value = run.attribute(subject, name)
    except Raised as raised:
        if isinstance(raised.error, AttributeError):
            return False
        raise
    return _matches(run, sub, value, bound, env)


def _hooked_attributes(cls: UClass) -> bool:
    return any(cls.lookup(hook) is not None for hook in ("__getattr__", "__getattribute__"))


def _match_args(cls: UClass) -> list:
    """The names a class pattern's positional arguments read: the first `__match_args__` along
    the MRO, where a dataclass or NamedTuple holds the one it writes (the fields `__init__` takes
    positionally) unless its own body sets one: a dataclass under a base with `__match_args__`
    still matches by its own fields."""
    for owner in cls.order:
        if "__match_args__" in owner.attrs:
            found = owner.attrs["__match_args__"]
            if type(found) is not tuple or not all(type(name) is str for name in found):
                raise Bail
            return list(found)
        if owner.kind in ("dataclass", "ntuple"):
            if owner.params is not None:
                raise Bail  # (InitVars: read back from the object)
            keyword_only = getattr(owner, "keyword_only", None) or ()
            return [name for name in owner.fields if name not in keyword_only and name not in owner.no_init]
    raise Bail  # (no `__match_args__`: Python raises a TypeError)
