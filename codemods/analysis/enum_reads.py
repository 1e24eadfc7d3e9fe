"""Members of the module's Enum classes read by name (`Factor.NUM_REAL_TARGET_TOKENS`) and
compared by identity (`factor is Factor.NUM_REAL_TARGET_TOKENS`), as T5X dispatches on its loss
normalizing factor.

A member is the object `for f in Factor` meets (pyvalues.enum_members: plain members assigned
distinct constants, no custom machinery), so the two readings agree; values.compare_constants
decides `is` between two of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.values import ClassValue, Instance

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter


def enum_member(interp: Interpreter, cls: ast.ClassDef, attr: str) -> Instance | None:
    """The member `attr` of `cls`, a module Enum whose members are known; None otherwise."""
    if interp.enum_kind(cls) is None or interp.scope.subclassed(cls):
        return None
    return interp.enum_member_named(ClassValue(cls), attr)
