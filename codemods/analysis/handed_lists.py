"""A module list handed to a helper by the name of an object some code changes in place (issue 13,
adversarial14 section A).

`reduce_rows(mesh, x, AXES)` after `AXES.remove("j")` (or `names = AXES; names.pop()`, a helper
that changes the list it is given, `list.remove(AXES, ...)`, `operator.delitem(AXES, 1)`, the
list held in a dict changed through the dict, `Cfg.AXES.remove(...)`): the literal the name is
bound to is not the list the call hands on. The helper's parameter is then read as the
interpreter reads the name handed (its own in-place-change models, else unknown), never as the
literal of the binding; the same list read in the body or handed as `tuple(AXES)` is read so."""
from __future__ import annotations

import ast

from codemods.analysis.held_names import held
from codemods.analysis.mutation import mutated_names


def changed_in_place_handed(tree: ast.Module, given: ast.expr) -> bool:
    """Some code of the module changes in place the object `given` names, holds or is an item of
    (the names matched by spelling, whatever their scopes: a wider match only leaves more unknown)."""
    same, inside, around = held(given)
    names = same | inside | around
    return bool(names) and not names.isdisjoint(mutated_names(tree))
