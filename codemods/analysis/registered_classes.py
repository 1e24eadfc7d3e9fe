"""`isinstance(obj, Layout)` where `Layout` derives from `abc.ABC` (object_methods.instance_test).

`abc.ABC` brings no attribute, so the lookup of methods reads past it (object_methods
`mark_neutral_bases`), but its metaclass, ABCMeta, answers `isinstance` its own way: a class the
program registers (`Layout.register(Rows)`, `@Layout.register` over a class, the registration of a
subclass of Layout, or one made by code importing the module) is an instance's class with no base in
common, and a `__subclasshook__` up Layout's chain answers before the bases are looked at (False
even for a subclass). What stays certain: an object whose class is Layout itself (CPython answers
an exact type without asking the metaclass), and an object of a class with Layout up its chain
when no `__subclasshook__` is bound up Layout's. A False answer never is.
"""
from __future__ import annotations

from codemods.analysis.values import Const, Instance


def registrable(scope, cls, chain) -> bool:
    """Does `cls` take its metaclass from an `abc.ABC` base up its chain (`chain(scope, cls)`:
    object_methods.class_chain)? A chain not known answers False: the caller then does not know
    the bases either."""
    found = chain(scope, cls)
    return found is not None and any(getattr(base, "_shardfix_neutral", False) for klass in found for base in klass.bases)


def registered_test(scope, obj, targets, chain, bindings) -> Const | None:
    """`isinstance(obj, targets)` when some target is `registrable`: True where certain (see the
    docstring), else None. `bindings(cls)`: what a class body binds (object_methods.class_bindings)."""
    built = obj.cls if isinstance(obj, Instance) else None
    if built is None:
        return None
    order = chain(scope, built) or [built]
    for item in targets:
        if item.cls is built:
            return Const(True)
        above = chain(scope, item.cls)
        hooked = above is None or any(bindings(klass).binds("__subclasshook__") for klass in above)
        if not hooked and any(klass is item.cls for klass in order):
            return Const(True)
    return None
