"""Specs a factory takes as parameters (issue 13): `make_loss(mesh, text_spec, mel_spec)` writing
`in_specs=(text_spec, mel_spec)`, where its one caller builds both (`P(AXES[0], None)`).

A parameter of a module function (or method) is read as the spec its call passes, parsed where
the call is written, when the function has exactly one call and nothing else refers to it
(callers.py decides that), the parameter is never rebound in it, and the call passes it plainly
(no `*args`, no name a comprehension or lambda around the call binds). The spec's P belongs to the caller, who may use it elsewhere (`device_put`), so it
is no place for an edit (`in_helper`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.callers import _argument, reads_inner_names
from codemods.analysis.meshspec import Spec, SpecTree, parse_spec
from codemods.analysis.evaluated_specs import evaluated_spec_tree
from codemods.analysis.tuple_classes import FieldedSpecs
from codemods.analysis.nodes import FunctionDef, positional_params

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter


def caller_spec(interp: Interpreter, name: str, scopes: tuple[FunctionDef, ...], depth: int) -> SpecTree:
    """The spec tree the one call of `scopes[-1]` passes for its parameter `name` (None: not known)."""
    function = scopes[-1]
    args = function.args
    if name not in [param.arg for param in positional_params(args) + list(args.kwonlyargs)] \
            or name in interp._locals_of(function):
        return None
    calls, skip = interp._callers(function)
    if len(calls) != 1:
        return None
    call, call_scopes = calls[0]
    given = _argument(call, function, name, skip)
    if given is None or reads_inner_names(given, call, interp._parent_map()):
        return None
    if any(given is default for default in args.defaults + args.kw_defaults):
        call_scopes = scopes[:-1]  # a default: read where the def is
    tree = parse_spec(interp.scope, given, call_scopes, depth + 1)
    if tree is None:  # `Hook(self.weight_spec)`: the value the caller's frame holds (evaluated_specs.py)
        tree = evaluated_spec_tree(interp, given, call_scopes)
    return not_editable(tree)


def not_editable(tree: SpecTree) -> SpecTree:
    """The spec tree as read elsewhere than where it is written: no place for an edit."""
    if isinstance(tree, Spec):
        return replace(tree, in_helper=True)
    if isinstance(tree, FieldedSpecs):  # a named tuple's specs keep their field names
        return FieldedSpecs.of((not_editable(item) for item in tree), tree.fields)
    if isinstance(tree, tuple):
        return tuple(not_editable(item) for item in tree)
    if isinstance(tree, dict):
        return {key: not_editable(item) for key, item in tree.items()}
    return None  # a record of specs, or unknown: not read through a caller
