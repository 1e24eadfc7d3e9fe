"""A function's own slots in a script run: `__doc__`, `__qualname__`, `__annotations__` and the
`__module__` a decorator sets (script_functions.py; issue 13).

Click-style command decorators build a command from the function they wrap: its help text is
`f.__doc__`, a `pass_context` wrapper copies `new_func.__doc__ = f.__doc__`, a typer-style layer
reads the options from `inspect.signature(f)`'s annotations (`x: int = Opt(...)`,
`tags: list[str] = Opt(...)`, `ctx: Context`) and asks `getattr(ann, "__origin__", None)`.
What CPython 3.11 does, for a def made by its `def` statement:
- `__doc__` is the body's first statement when that is a string constant (raw, not cleaned), else
  None; `__qualname__` is the code's `co_qualname` (`outer.<locals>.inner`, `Cls.meth`);
- `__annotations__` is a dict made when the def runs (the annotations evaluated then, in the
  enclosing scope, after the defaults), keyed in the compiler's order: the plain parameters, then
  the positional-only ones, `*args`, the keyword-only ones, `**kwargs`, `return`;
- each can be set (`__qualname__` only to a str); a set value is what later reads see.
Only annotations the run can evaluate without calling anything are held: names, attributes of
modules, string constants, None, `list[str]`-style subscripts of builtin types and `A | B` of
types. Any other annotation, `from __future__ import annotations` (strings of the source), a
function made another way (`types.FunctionType`) or wrapped by a callable the run does not copy
from leaves the slot unknown: reading it stops the run (Bail).
"""
from __future__ import annotations

import ast
import inspect
import types

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail

SLOTS = frozenset({"__doc__", "__qualname__", "__annotations__"})
SETTABLE = SLOTS | {"__module__"}
ALIAS_TYPES = (types.GenericAlias, types.UnionType)
UNKNOWN = object()
_GENERIC = (list, tuple, dict, set, frozenset, type)


def _table(run) -> dict:
    return run.__dict__.setdefault("_function_slots", {})


def record(run, func, node: ast.FunctionDef, env) -> None:
    """At the def: its annotations, evaluated now (as the def statement does)."""
    annotations: object = {}
    spec = node.args
    annotated = [*spec.args, *spec.posonlyargs, *([spec.vararg] if spec.vararg else []), *spec.kwonlyargs,
                 *([spec.kwarg] if spec.kwarg else [])]
    pairs = [(arg.arg, arg.annotation) for arg in annotated if arg.annotation is not None]
    if node.returns is not None:
        pairs.append(("return", node.returns))
    if pairs and run.future_annotations:
        annotations = {key: Source(expr) for key, expr in pairs}  # (strings of the source: read by get_type_hints only)
    else:
        for key, expr in pairs:
            value = _evaluate(run, expr, env)
            if value is UNKNOWN:
                annotations = UNKNOWN
                break
            annotations[key] = value
    _table(run)[id(func)] = (func, {"__annotations__": annotations})


def _evaluate(run, node: ast.expr, env) -> object:
    kind = type(node)
    if kind is ast.Constant:
        return node.value if node.value is None or type(node.value) is str else UNKNOWN
    if kind is ast.Name:
        try:
            return run.eval(node, env)
        except (Bail, Raised):
            return UNKNOWN
    if kind is ast.Attribute:  # (of a module only: `jax.Array`; an object's may run a property)
        from codemods.analysis.script_values import Lib

        owner = _evaluate(run, node.value, env)
        if type(owner) is not Lib:
            return UNKNOWN
        try:
            return run.attribute(owner, node.attr)
        except (Bail, Raised):
            return UNKNOWN
    if kind is ast.Subscript:
        origin = _evaluate(run, node.value, env)
        if not any(origin is known for known in _GENERIC):
            return _made_hint(run, node, env)
        parts = node.slice.elts if type(node.slice) is ast.Tuple else [node.slice]
        args = [_evaluate(run, part, env) for part in parts]
        if not any(origin is known for known in _GENERIC) or not all(_plain(arg) for arg in args):
            return _made_hint(run, node, env)
        return origin[tuple(args)] if type(node.slice) is ast.Tuple else origin[args[0]]
    if kind is ast.BinOp and type(node.op) is ast.BitOr:
        left, right = _evaluate(run, node.left, env), _evaluate(run, node.right, env)
        if not (_plain(left) and _plain(right)) or type(left) is str or type(right) is str:
            return UNKNOWN
        try:
            return left | right
        except TypeError:
            return UNKNOWN
    return UNKNOWN


def _made_hint(run, node: ast.Subscript, env) -> object:
    """`Annotated[...]`, `Float[Array, "b d"]`: evaluated as the def does (annotated_hints.py); a
    value other than a hint, or one the run cannot make, is unknown."""
    from codemods.analysis.annotated_hints import AnnotatedHint, is_class, plain_object

    try:
        value = run.eval(node, env)
    except (Bail, Raised):
        return UNKNOWN
    return value if type(value) is AnnotatedHint or is_class(value) or type(value).__name__ == "HeldHint" \
        or plain_object(value) else UNKNOWN


def _plain(value: object) -> bool:
    """A builtin type, an alias of builtin types, None: objects whose `[...]` and `|` are CPython's own."""
    if value is None or type(value) is str:
        return True
    if type(value) is type:
        return value.__module__ == "builtins"
    return type(value) in ALIAS_TYPES and all(_plain(arg) for arg in value.__args__) and \
        (type(value) is types.UnionType or _plain(value.__origin__))


class Source:
    """An annotation under `from __future__ import annotations`: the str of its node's source,
    which the run does not spell (annotated_hints.py evaluates the node)."""

    __slots__ = ("node",)

    def __init__(self, node: ast.expr) -> None:
        self.node = node


def held(run, func, name: str) -> object:
    """The slot as kept, unknown and source-text values included; UNKNOWN for a def the run did not see made."""
    entry = _table(run).get(id(func))
    return UNKNOWN if entry is None else entry[1].get(name, UNKNOWN)


def read(run, func, name: str) -> object:
    entry = _table(run).get(id(func))
    if entry is None:
        raise Bail  # (a def the run did not see made)
    held = entry[1]
    if name in held:
        if held[name] is UNKNOWN or type(held[name]) is dict and any(type(v) is Source for v in held[name].values()):
            raise Bail
        return held[name]
    if name == "__doc__":
        return ast.get_docstring(func.node, clean=False)
    if name == "__qualname__":
        from codemods.analysis.script_functions import compiled_code

        return compiled_code(run, func.node).co_qualname
    raise Bail


def has_module(run, func) -> bool:
    entry = _table(run).get(id(func))
    return entry is not None and "__module__" in entry[1]


def write(run, func, name: str, value: object) -> None:
    if name == "__qualname__" and type(value) is not str:
        raise Bail  # (TypeError)
    if name == "__annotations__" and type(value) is not dict:
        raise Bail
    entry = _table(run).get(id(func))
    if entry is None:
        raise Bail
    entry[1][name] = value


def annotation_of(run, func, param: str) -> object:
    """The def-time value of one parameter's annotation, or UNKNOWN."""
    entry = _table(run).get(id(func))
    if entry is None or type(entry[1]["__annotations__"]) is not dict:
        return UNKNOWN
    value = entry[1]["__annotations__"].get(param, UNKNOWN)
    from codemods.analysis.annotated_hints import AnnotatedHint, is_class, plain_object

    return value if _plain(value) and type(value) is not str or type(value).__name__ == "UClass" \
        or type(value) is AnnotatedHint or type(value).__name__ == "Lib" and is_class(value) else UNKNOWN


def copy_wrapped(run, wrapper, wrapped) -> None:
    """update_wrapper's `__qualname__`, `__doc__`, `__annotations__` (wrapped_callables.py): from
    a def the run made, its values (the same annotations dict); from anything else, unknown."""
    from codemods.analysis.script_values import Bound, UFunc

    if type(wrapped) is Bound:
        wrapped = wrapped.func
    entry = _table(run).get(id(wrapper))
    if entry is None:
        return
    entry[1].pop("__module__", None)  # (set by update_wrapper itself)
    for name in SLOTS:
        try:
            value = (held(run, wrapped, name) if name == "__annotations__" else read(run, wrapped, name)) \
                if type(wrapped) is UFunc else UNKNOWN  # (the wrapped def's own dict, as functools copies it)
        except Bail:
            value = UNKNOWN
        entry[1][name] = value


def plain_class(obj: type) -> bool:
    """A builtin class, or `inspect.Parameter.empty` (what an unannotated parameter's annotation is)."""
    return obj.__module__ == "builtins" or obj is inspect.Parameter.empty


def alias_attribute(obj: object, name: str) -> object:
    """`ann.__origin__`, `ann.__args__` of `list[str]` or `int | None`; of a builtin type (`int`),
    a missing one raises AttributeError (`getattr(ann, "__origin__", None)`)."""
    if type(obj) is type:
        if hasattr(obj, name):
            raise Bail
        raise Raised(AttributeError(name))
    if name in ("__origin__", "__args__", "__parameters__") and hasattr(obj, name):
        return getattr(obj, name)
    if name in ("__origin__",):
        raise Raised(AttributeError(name))  # (`int | None` has none)
    raise Bail
