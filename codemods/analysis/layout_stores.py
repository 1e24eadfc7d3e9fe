"""Names whose array the module changes by an attribute store (name_lookup.py; adversarial23 X6,
adversarial24 Y).

A NumPy array's `shape`, `dtype`, `strides` and `data` can be set in place (`A.shape = (2, 2)`
makes `A.ndim` 2, `A.dtype = np.int32` doubles `len(A)`), and `real`, `imag`, `flat` write its
values (`A.flat = 0`). A name bound once to an array and changed so is not its binding's value
after the store; where such a store (or an augmented or deleting one) of the name stands anywhere
in the module, a read of the name that would take the binding is left unknown (`layout_changed`).

The same array is reached by other spellings the module does not follow: an alias (`B = A;
B.shape = ...`, `for B in [A]`), a container item (`d["a"].shape`), a helper's parameter or a
lambda's, `setattr(A, "shape", ...)`, `object.__setattr__`, `A.__setattr__`, the descriptor's
`np.ndarray.shape.__set__(A, ...)`, `A.resize(...)`, `np.ndarray.resize(A, ...)`,
`A.__setstate__(...)`, or text run by `exec`. Which array such a change reaches is not followed:
where the module holds one (`layouts_unsure`), no host array's shape is taken as certain
(`unsure_shapes`); its state (a host constant is invariant) is kept, as a change of layout keeps it.
Not counted: stores on a method's first parameter (`self.shape = ...`) of a class that derives
from no NumPy class, and on a def or class of the module (`make_mesh.shape = (2, 4)`).
"""
from __future__ import annotations

import ast
from dataclasses import replace

from codemods.analysis.nodes import attributes_by_name, iter_nodes
from codemods.analysis.values import AxisState, DictValue, TupleValue

_LAYOUT = ("shape", "dtype", "strides", "data", "real", "imag", "flat")
# (the ways to set an attribute or an object's whole state without an attribute store)
_SETTERS = frozenset({"setattr", "__setattr__", "__set__", "__setstate__", "resize"})
_RUNS_TEXT = frozenset({"exec", "eval", "compile"})


def layout_changed(tree: ast.Module, name: str) -> bool:
    """Whether the module stores `name.shape` (or another attribute of `_LAYOUT`) anywhere."""
    found = tree.__dict__.get("_shardfix_layout_stores")
    if found is None:
        found = tree._shardfix_layout_stores = frozenset(
            node.value.id for attr in _LAYOUT for node in attributes_by_name(tree).get(attr, ())
            if type(node.ctx) is not ast.Load and type(node.value) is ast.Name)
    return name in found


def unsure_shapes(value):
    """`value` with no host array's shape kept (the module may change one it does not follow)."""
    kind = type(value)
    if isinstance(value, AxisState) and value.shape is not None:
        return replace(value, shape=None)
    if kind is TupleValue:
        items = tuple(unsure_shapes(item) for item in value.items)
        return value if all(a is b for a, b in zip(items, value.items)) else replace(value, items=items)
    if kind is DictValue:
        items = tuple(unsure_shapes(item) for item in value.items)
        return value if all(a is b for a, b in zip(items, value.items)) else replace(value, items=items)
    return value


def layouts_unsure(scope) -> bool:
    """The module may change some array's layout where `layout_changed` does not see it (see the
    module's doc)."""
    cached = scope.__dict__.get("_layouts_unsure")
    if cached is None:
        cached = scope.__dict__["_layouts_unsure"] = _unseen_change(scope)
    return cached


def _unseen_change(scope) -> bool:
    tree = scope.tree
    owners = _plain_receivers(scope)
    own = set(scope.classes) | {node.name for node in iter_nodes(tree)
                                if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef)}
    for node in iter_nodes(tree):
        kind = type(node)
        if kind is ast.Attribute:
            if node.attr in _LAYOUT and type(node.ctx) is not ast.Load:
                base = node.value
                if not (type(base) is ast.Name and (base.id in own or id(base) in owners)):
                    return True  # `B.shape = ...` of an alias, `d["a"].shape = ...`, a helper's `a.shape = ...`
            elif node.attr in ("setattr", "__setattr__"):
                call = _called(tree, node)
                if call is None or _sets_layout(scope, _setattr_args(node, call), owners):
                    return True  # `object.__setattr__(A, "shape", ...)`, `A.__setattr__("shape", ...)`
            elif node.attr in _SETTERS and not _library_call(scope, node, owners):
                return True  # `A.resize(...)`, `np.ndarray.shape.__set__(A, ...)`, `A.__setstate__(...)`
        elif kind is ast.Name and (node.id == "setattr" or node.id in _RUNS_TEXT):
            if node.id in _RUNS_TEXT and scope.globals.binds(node.id):
                continue
            call = _called(tree, node)
            if call is None or node.id == "setattr" and _sets_layout(scope, _setattr_args(node, call), owners) \
                    or node.id in _RUNS_TEXT and _text_may_change(call):
                return True  # `setattr(A, "shape", ...)`, `map(setattr, ...)`, `exec(text)`
    return False


def _called(tree: ast.Module, name: ast.Name) -> ast.Call | None:
    """The call `name` is the function of, or None (handed on as a value)."""
    parents = tree.__dict__.get("_shardfix_layout_callees")
    if parents is None:
        parents = tree._shardfix_layout_callees = {id(node.func): node for node in iter_nodes(tree)
                                                   if type(node) is ast.Call}
    return parents.get(id(name))


def _setattr_args(node: ast.Attribute, call: ast.Call) -> list | None:
    """The (object, name, ...) arguments of `builtins.setattr(...)`, `object.__setattr__(...)`
    (or a class's), `obj.__setattr__(name, value)`."""
    if call.keywords or any(type(arg) is ast.Starred for arg in call.args):
        return None
    if type(node) is ast.Attribute and node.attr == "__setattr__" and type(node.value) is ast.Name \
            and node.value.id != "object" and not node.value.id[:1].isupper():
        return [node.value, *call.args]  # a bound method: `A.__setattr__("shape", ...)`
    return call.args


def _sets_layout(scope, args: list | None, owners: set) -> bool:
    """`setattr(obj, name, value)` that may set a layout attribute of an array."""
    if args is None or len(args) < 2:
        return True
    target, name = args[0], args[1]
    if type(target) is ast.Name and (id(target) in owners or target.id in scope.classes):
        return False
    text = name.value if type(name) is ast.Constant else scope.constant(name)
    return type(text) is not str or text in _LAYOUT


def _text_may_change(call: ast.Call) -> bool:
    """Code text for `exec` / `eval` / `compile` that may name a layout attribute or a setter."""
    if not call.args or type(call.args[0]) is not ast.Constant or type(call.args[0].value) is not str:
        return True
    text = call.args[0].value
    return any(word in text for word in (*_LAYOUT, *_SETTERS))


def _library_call(scope, node: ast.Attribute, owners: set) -> bool:
    """`jax.image.resize`, `np.resize`: a function of an imported module other than NumPy's
    methods, which makes a new object; `self.resize()` of a class's own method."""
    base = node.value
    if type(base) is ast.Name and id(base) in owners:
        return True
    name = scope.resolve(node)
    return name is not None and (not name.startswith("numpy") or name == "numpy.resize")


def _plain_receivers(scope) -> set[int]:
    """Ids of the Name nodes that read a method's first parameter, in a class that derives from
    no NumPy class: `self` is not a host array."""
    found: set[int] = set()
    for cls in scope.classes.values():
        if any((scope.resolve(base) or "").startswith("numpy") or type(base) not in (ast.Name, ast.Attribute)
               for base in cls.bases):
            continue
        for method in cls.body:
            if type(method) not in (ast.FunctionDef, ast.AsyncFunctionDef):
                continue
            params = method.args.posonlyargs + method.args.args
            if not params or any(type(d) is ast.Name and d.id == "staticmethod" for d in method.decorator_list):
                continue
            first = params[0].arg
            if any(type(node) is ast.Name and node.id == first and type(node.ctx) is not ast.Load
                   for node in iter_nodes(method)):
                continue  # `self = other` rebinds it
            found.update(id(node) for node in iter_nodes(method) if type(node) is ast.Name and node.id == first)
    return found
