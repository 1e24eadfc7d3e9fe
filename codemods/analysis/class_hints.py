"""A class's hints as CPython 3.11 keeps them, in a script run (script_classes.py; issue 13).

Without `from __future__ import annotations` the body evaluates each hint when it runs the
annotated statement, in the bindings of that moment: a module alias rebound later (`Width = str`
after `w: Width`), or the class statement run again, changes nothing the class holds. The run
evaluates each hint there too (`record`) and its readers take that value (`value_of`); a hint
the run could not evaluate then stops the run where it is read. A quoted hint is a str then and
is evaluated by its reader (get_type_hints) when called, as Python does.

The readers that take a class's hints from its body (get_type_hints, `dataclasses.dataclass`)
read what Python reads, the class's `__annotations__` dict, only while that dict is what the body
made: once the program has the dict in hand (read `C.__annotations__`, set it, a metaclass's
namespace, an `__init_subclass__` hook), `unchanged` compares it with the body's and stops the
run when they differ (an entry added, popped, retyped; the dict replaced).

An annotated target in parentheses (`(width): int = 4`) or an attribute or subscript target is
evaluated (its hint too, without the future import) but never stored in `__annotations__`:
`stored` tells the readers which statements they count.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail

_UNKNOWN = object()


def record(run, annotation: ast.expr, scope) -> None:
    """The hint of a class body's annotated statement, evaluated as the body runs it."""
    if run.future_annotations:
        return
    table = run.__dict__.setdefault("_class_hint_values", {})  # (by statement and body scope: a class made twice)
    try:
        table[id(annotation), id(scope)] = (annotation, scope, run.eval(annotation, scope))
    except (Bail, Raised):  # (a NameError there: the run stops where the hint is read)
        table[id(annotation), id(scope)] = (annotation, scope, _UNKNOWN)


def value_of(run, annotation: ast.expr, scope) -> object:
    """The hint's value as the class holds it: the one the body evaluated, else (a hint of no
    class body's, a quoted hint's parsed text) evaluated now."""
    found = run.__dict__.get("_class_hint_values", {}).get((id(annotation), id(scope)))
    if found is None or found[0] is not annotation or found[1] is not scope:
        return run.eval(annotation, scope)
    if found[2] is _UNKNOWN:
        raise Bail  # (evaluated when the body ran, to a value the run did not know)
    return found[2]


def stored(statement: ast.stmt) -> bool:
    """An annotated statement whose hint the class stores in `__annotations__`."""
    return type(statement) is ast.AnnAssign and bool(statement.simple) and type(statement.target) is ast.Name


def unchanged(run, cls) -> None:
    """Stop the run when the class's `__annotations__`, in the program's hands, no longer is what
    its body made."""
    from codemods.analysis.script_class_hooks import body_annotations

    held = cls.attrs.get("__annotations__")
    if held is None:
        return
    made = body_annotations(run, cls)
    if type(held) is not dict or list(held) != list(made) \
            or any(held[name] is not value and not (type(value) is str and held[name] == value) for name, value in made.items()):
        raise Bail
