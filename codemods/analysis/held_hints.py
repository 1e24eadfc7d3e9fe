"""Subscripted hints over the module's own classes in a script run (script_typing.py; issue 13).

Type-checked code writes hints of hints: a registry typed `dict[Metric, MetricFn]` with
`MetricFn = typing.Callable[..., jax.Array]`, a return annotation
`tuple[Float[Array, "e a"], Float[Array, "e"]]` of jaxtyping-like classes, a generic logger made
as `GatherLogger[jax.Array](axis)`. The run cannot build these as real typing objects (they hold
classes it models), and building them changes nothing the program computes: CPython 3.11 keeps
such a hint whole (`tuple[...]`, `dict[...]` accept any arguments; `Callable[..., R]` checks only
that R is callable, which a class is), and a checker reading it takes it apart with
`typing.get_origin` / `get_args` (`isinstance(hint, type)` is False). So the run holds it as a
`HeldHint`: its origin and arguments, read back by those two calls, `__origin__` and `__args__`;
comparing or hashing it stops the run. Subscripting a module class made generic by a
`Generic[T]` base gives such an alias too; calling it makes an instance of the class, as
`typing._GenericAlias.__call__` does, which then sets the instance's `__orig_class__` to the
alias (kept in its attributes, as CPython keeps it in `__dict__`; a class with hooks of its own
for attributes or slots is not followed).
"""
from __future__ import annotations

import collections.abc
import typing

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, RunCallable, UClass, UObj

_BUILTIN = (tuple, list, dict, set, frozenset, type)


class HeldHint(RunCallable):
    """A subscripted hint whose arguments the run models: `origin[args]`."""

    __slots__ = ("args", "cls", "origin")

    def __init__(self, origin: object, args: tuple, cls: UClass | None = None) -> None:
        self.origin, self.args, self.cls = origin, args, cls  # (cls: a module generic class subscripted)

    def __eq__(self, other: object) -> bool:
        raise Bail

    def __hash__(self) -> int:
        raise Bail

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if self.cls is None:
            raise Bail  # (`list[int]()` and the like: not modelled)
        made = run.call(self.cls, args, kwargs)
        if type(made) is not UObj or made.cls is not self.cls or made.data is not None or any(
                made.cls.lookup(hook) is not None for hook in ("__setattr__", "__slots__", "__getattr__",
                                                               "__getattribute__")) or getattr(made, "frozen", False):
            raise Bail
        made.attrs["__orig_class__"] = self
        return made


def _part(value: object) -> bool:
    """An argument a held hint may hold: a hint, a module class, a library class, a held or
    annotated hint, a type variable, `...`, or a list of them (Callable's parameters)."""
    from codemods.analysis.annotated_hints import AnnotatedHint, is_class
    from codemods.analysis.typing_forms import TypeVarObj

    if type(value) is list:
        return all(_part(item) for item in value)
    return value is Ellipsis or value is None or type(value) in (HeldHint, AnnotatedHint, TypeVarObj, UClass, Lib) \
        or is_class(value)


def held(run, holder: object, key: object) -> HeldHint:
    """`holder[key]`, or Bail."""
    from codemods.analysis.abc_bases import abc_only
    from codemods.analysis.typing_forms import generic_class

    parts = key if type(key) is tuple else (key,)
    if not parts or not all(_part(part) for part in parts):
        raise Bail
    if any(holder is kind for kind in _BUILTIN):
        if holder is not tuple and any(part is Ellipsis or type(part) is list for part in parts):
            raise Bail
        return HeldHint(holder, tuple(parts))
    if holder is typing.Union or holder is typing.Optional:
        from codemods.analysis.union_hints import union

        return union(holder, tuple(parts))  # (union_hints.py)
    if (form := _typing_form(holder, parts)) is not None:
        return HeldHint(form, tuple(parts))  # (`Tuple[Handler, ...]`: the builtin's alias, as `get_origin` reads it)
    if holder is typing.Callable:
        if len(parts) != 2 or not (parts[0] is Ellipsis or type(parts[0]) is list) or parts[1] is Ellipsis \
                or type(parts[1]) is list:
            raise Bail  # (TypeError: Callable[[args], result])
        params = parts[0] if parts[0] is Ellipsis else list(parts[0])
        return HeldHint(collections.abc.Callable, (params, type(None) if parts[1] is None else parts[1]))
    if type(holder) is UClass and holder.kind == "plain" and generic_class(run, holder) \
            and holder.lookup("__class_getitem__") is None and (holder.meta is None or abc_only(holder.meta)):
        return HeldHint(holder, parts, holder)
    raise Bail


# typing's aliases of the builtin containers: how many arguments each takes (TypeError otherwise),
# and the class `typing.get_origin` gives for it.
_TYPING_FORMS = {typing.Tuple: (None, tuple), typing.List: (1, list), typing.Dict: (2, dict), typing.Set: (1, set),
                 typing.FrozenSet: (1, frozenset), typing.Type: (1, type),
                 typing.Sequence: (1, collections.abc.Sequence), typing.Iterable: (1, collections.abc.Iterable),
                 typing.Mapping: (2, collections.abc.Mapping)}


def _typing_form(holder: object, parts: tuple) -> object:
    """The origin of `typing.Tuple[...]` (List, Dict, ...) over parts the run holds, or None."""
    found = next((value for form, value in _TYPING_FORMS.items() if holder is form), None)
    if found is None:
        return None
    count, made = found
    if count is not None and len(parts) != count:
        raise Raised(TypeError(f"Too few or too many arguments for {holder}"))
    if any(type(part) is list for part in parts) or any(part is Ellipsis for part in parts) and not (
            count is None and len(parts) == 2 and parts[1] is Ellipsis):
        raise Bail  # (what typing makes of these: not modelled)
    return made


def origin(hint: HeldHint) -> object:
    return hint.origin


def attribute(hint: HeldHint, name: str) -> object:
    if name == "__origin__":
        return hint.origin
    if name == "__args__":
        return hint.args
    raise Bail
