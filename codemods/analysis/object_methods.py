"""Methods of an object of a module class found the way Python finds them, and the reads of such
an object that can never call it: a PyTorch- or Keras-style module is called as `layer(x)`, and
its `__call__` is often not written in its own class body.

- Through the class chain: `class Linear(Module)` whose base's `__call__` runs
  `self.forward(*args)`, looked up in the class, then in its module bases (single inheritance
  only; a base the module does not define, a metaclass or several bases leave it unknown).
- Through an alias in the class body: `__call__ = forward` (the def bound once in that body).
- Reads that cannot reach the object's `__call__`, and objects a container's constructor only
  stores in a field: object_reads.py.
- `isinstance(obj, C)` of an object of a module class and module classes, when the bases and
  metaclasses involved are all known.
"""
from __future__ import annotations

import ast

from codemods.analysis.named_reads import reads_by_computed_name
from codemods.analysis.nodes import DEFS, FunctionNode, nodes_of_type
from codemods.analysis.scopes import ModuleScope, bindings_of
from codemods.analysis.hook_marks import filing_hook, opaque_hook, plain_keywords
from codemods.analysis.subclass_hooks import dataclass_hook
from codemods.analysis.method_aliases import aliased_def
from codemods.analysis.registered_classes import registered_test, registrable
from codemods.analysis.mro import linearization
from codemods.analysis.user_decorators import files_class
from codemods.analysis.values import ClassValue, Const, DictValue, Instance, TupleValue

_MAX_CHAIN = 8


def class_bindings(cls: ast.ClassDef):
    """What the class body binds, read once per class (a test class has hundreds of methods and
    each `self.x` read asks)."""
    found = getattr(cls, "_shardfix_class_bindings", None)
    if found is None:
        found = cls._shardfix_class_bindings = bindings_of(cls)
    return found


# `abc.ABC` adds no attribute an object or its class finds (only a metaclass that refuses to
# build a class with abstract methods left): a base that is it reads as no base.
_LOOKUP_NEUTRAL = frozenset({"abc.ABC"})


def mark_neutral_bases(scope: ModuleScope) -> None:
    """Mark each base of a module class that the import table resolves to `abc.ABC`, once per
    module (`own_bases` then leaves it out)."""
    for cls in scope.classes.values():
        for base in cls.bases:
            if type(base) in (ast.Name, ast.Attribute) and scope.resolve(base) in _LOOKUP_NEUTRAL:
                base._shardfix_neutral = True


def own_bases(cls: ast.ClassDef) -> list[ast.expr]:
    """The bases that bring attributes: not `object`, not a base `mark_neutral_bases` marked."""
    return [base for base in cls.bases if not (type(base) is ast.Name and base.id == "object")
            and not getattr(base, "_shardfix_neutral", False)]


def class_chain(scope: ModuleScope, cls: ast.ClassDef) -> list[ast.ClassDef] | None:
    """`cls` and its bases in lookup order, when each has at most one base, a module class (or
    `object`); None when Python's lookup may go elsewhere."""
    chain = list(_lookup_order(scope, cls))
    return None if chain[-1] is None else chain


def _lookup_order(scope: ModuleScope, cls: ast.ClassDef):
    """The classes Python searches, ending with None where the search leaves what is known."""
    if len(_not_object(cls)) > 1:
        order = linearization(scope.classes, cls)  # mixins (mro.py)
        yield from order if order is not None else (cls, None)
        return
    for _ in range(_MAX_CHAIN):
        if not plain_keywords(cls):
            break
        yield cls
        bases = own_bases(cls)
        if not bases:
            return
        if len(bases) != 1 or type(bases[0]) is not ast.Name or bases[0].id not in scope.classes:
            break
        cls = scope.classes[bases[0].id]
    yield None


def class_method(scope: ModuleScope, cls: ast.ClassDef, name: str) -> FunctionNode | None:
    """The def `name` finds on the class: the first class searched whose body binds it, as one
    def, or as `name = other` naming one def of that body written above."""
    for klass in _lookup_order(scope, cls):
        if klass is None:
            return None
        bindings = class_bindings(klass)
        if not bindings.binds(name):
            continue
        function = bindings.unique_function(name)
        return function if function is not None else aliased_def(klass, name)
    return None


def inherited_binding(scope: ModuleScope, cls: ast.ClassDef, name: str):
    """(the base, its body's bindings) where the search for `name` on `cls` ends, when a module
    class up a plain chain binds it and `cls` itself does not (`data_axis = "utt"` in the base
    class, read as `self.data_axis` in a subclass's method); None when not known."""
    if name in scope.stored_attributes:
        return None  # set on some object (`self.axis = ...` in a base's __init__): not the class's
    for klass in _lookup_order(scope, cls):
        if klass is None:
            return None
        bindings = class_bindings(klass)
        if any(not files_class(scope, decorator) for decorator in klass.decorator_list) \
                or any(opaque_hook(klass, hook, bindings.binds) for hook in _LOOKUP_HOOKS):
            return None  # (a dataclass's fields are set by its __init__; `__getattribute__` answers otherwise;
            # a decorator that only files the class in a registry leaves it as written)
        if bindings.binds(name):
            return (klass, bindings) if klass is not cls else None
    return None


_LOOKUP_HOOKS = ("__getattribute__", "__getattr__", "__setattr__", "__slots__", "__new__", "__init_subclass__",
                 "__class_getitem__")


def _module_chain(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], bases_of):
    """`cls`, then each class up its chain of single module bases; then None when the chain
    ends at no base (as `bases_of` reads one), nothing when it leaves the module's classes."""
    for _ in range(_MAX_CHAIN):
        yield cls
        bases = bases_of(cls)
        if not bases:
            yield None
            return
        if len(bases) != 1 or type(bases[0]) is not ast.Name or bases[0].id not in classes:
            return
        cls = classes[bases[0].id]


def plain_chain(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], filed: frozenset[str] = frozenset()) -> bool:
    """No class up the chain has a decorator (but one that only files it in a table: `filed`,
    user_decorators.py), a metaclass, an `__init__` (or `__new__`), or an annotated field: its
    objects are built with no arguments and start with no fields."""
    if len(own_bases(cls)) > 1:  # mixins: every class Python searches (mro.py)
        order = linearization(classes, cls)
        return order is not None and not any(_builds_fields(klass, filed) for klass in order)
    for klass in _module_chain(cls, classes, own_bases):
        if klass is None:
            return True
        if _builds_fields(klass, filed):
            return False
    return False


def _builds_fields(cls: ast.ClassDef, filed: frozenset[str] = frozenset()) -> bool:
    return bool(cls.decorator_list and cls.name not in filed or not plain_keywords(cls)) or any(
        isinstance(stmt, ast.AnnAssign) or isinstance(stmt, DEFS) and stmt.name in _BUILDERS
        and not (stmt.name == "__init_subclass__" and (filing_hook(cls) or dataclass_hook(cls) is not None))
        for stmt in cls.body)


def _not_object(cls: ast.ClassDef) -> list[ast.expr]:
    return [base for base in cls.bases if not (type(base) is ast.Name and base.id == "object")]


def inert_annotation(stmt: ast.stmt, cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """`config: MoEConfig` with no value, in a class whose chain of module classes (up to
    `object`) has no decorator, metaclass or `__init_subclass__`: Python only records it in
    `__annotations__`, and nothing there reads them to make fields."""
    if type(stmt) is not ast.AnnAssign or stmt.value is not None or type(stmt.target) is not ast.Name:
        return False
    for klass in _module_chain(cls, classes, _not_object):
        if klass is None:
            return True
        if klass.decorator_list or not plain_keywords(klass) \
                or opaque_hook(klass, "__init_subclass__", class_bindings(klass).binds):
            return False
    return False


_BUILDERS = frozenset({"__init__", "__new__", "__post_init__", "__init_subclass__", "__setattr__"})


def call_classes(scope: ModuleScope, function: FunctionNode) -> list[ast.ClassDef] | None:
    """The module classes whose objects run `function` when called: its class when it is that
    class's `__call__` (by name or alias), and the subclasses that inherit it ([]: not a
    `__call__`; None: a subclass the search cannot follow)."""
    owner = scope.class_of(function)
    if owner is None or not (function.name == "__call__" or _aliased_call(owner, function)):
        return []
    found, frontier = [owner], [owner]
    while frontier:
        base = frontier.pop()
        for cls in nodes_of_type(scope.tree, ast.ClassDef):
            if not any(type(node) is ast.Name and node.id == base.name for node in cls.bases):
                continue
            if len(cls.bases) != 1 or not plain_keywords(cls) or scope.classes.get(cls.name) is not cls \
                    or len(found) > _MAX_CHAIN:
                return None
            if not class_bindings(cls).binds("__call__"):  # one that overrides it runs its own
                found.append(cls)
                frontier.append(cls)
    return found


def _aliased_call(cls: ast.ClassDef, function: FunctionNode) -> bool:
    return aliased_def(cls, "__call__") is function


def instance_test(scope: ModuleScope, obj, classes):
    """`isinstance(layer, Dense)` of an object of a module class (its class exact, as built) and
    module classes: a Python bool when the search through its bases answers it, else None."""
    targets = classes.items if isinstance(classes, TupleValue) else (classes,)
    if not targets or not all(isinstance(item, ClassValue) for item in targets):
        return None
    if any(registrable(scope, item.cls, class_chain) for item in targets):  # (ABCMeta's answer: registered_classes.py)
        return registered_test(scope, obj, targets, class_chain, class_bindings)
    if any(class_chain(scope, item.cls) is None and not _named_tuple(scope, item.cls) and not _builtin_based(scope, item.cls)
           for item in targets):
        return None  # a metaclass (ABCMeta through ABC) may answer by `register`, not by bases
    if isinstance(obj, Const) and type(obj.value) in _LITERAL_TYPES:
        return Const(False)  # `build(v)` on a config's leaf: a literal is no module object
    if type(obj) in (ClassValue, TupleValue) and all(class_chain(scope, item.cls) is not None for item in targets):
        return Const(False)  # a class, a tuple or list: no object of classes built on `object` alone
    built = obj.cls if isinstance(obj, Instance) else getattr(obj, "cls", None) if isinstance(obj, DictValue) else None  # a config class's table (attr_dicts.py)
    if built is None:
        return None
    order = list(_lookup_order(scope, built))
    if any(klass is item.cls for klass in order for item in targets):
        return Const(True)
    if any(klass is not None and class_bindings(klass).binds("__class__") for klass in order):
        return None  # (isinstance asks `obj.__class__` too, which a class may give as another)
    return Const(False) if order[-1] is not None else None


_LITERAL_TYPES = (str, int, float, bool, type(None), bytes)


def _builtin_based(scope: ModuleScope, cls: ast.ClassDef) -> bool:
    """`class CfgNode(dict)`: a plain `type` class on a builtin base, which `isinstance` answers by bases."""
    return not cls.keywords and len(cls.bases) == 1 and type(cls.bases[0]) is ast.Name \
        and cls.bases[0].id in ("dict", "list", "tuple", "object") and not scope.globals.binds(cls.bases[0].id) \
        and cls.bases[0].id not in scope.imports.bindings


def _named_tuple(scope: ModuleScope, cls: ast.ClassDef) -> bool:
    """`class Axis(NamedTuple)`: a plain `type` class deriving from tuple (NamedTuple's metaclass
    only builds it), so `isinstance` answers by its bases, as for a class of the module's own."""
    return len(cls.bases) == 1 and not cls.keywords and scope.resolve(cls.bases[0]) == "typing.NamedTuple"


_PLAIN_READS = (ast.Name, ast.Attribute, ast.Load, ast.Constant, ast.Subscript, ast.Slice, ast.UnaryOp, ast.USub)


UNPACKED_CALL = "shardfix_unpacked_call"  # an item of a call's result a tuple store unpacks


def unpacked_item(value: ast.expr, target: ast.Tuple | ast.List, index: int) -> ast.Subscript | None:
    """`self.dp, self.tp = mesh.axis_names` (or `= config["axes"]`, `= mesh.axis_names[::-1]`) in
    an __init__: field `index` gets `value[index]`, for a value read without calls (evaluated once
    per field: names, attributes, subscripts and slices of those; or a call, whose result a
    construction reads once: stored_value) and a target without a starred item."""
    from codemods.analysis.pyvalues import UNPACK_SHAPE  # (pyvalues imports this module's neighbours)

    if any(type(item) is ast.Starred for item in target.elts):
        return None
    if type(value) is ast.Call:  # `self.a, self.b = self._split(**kwargs)`: the call runs once (init_stores.py)
        item = ast.Subscript(value=value, slice=ast.Constant(index), ctx=ast.Load())
        setattr(item, UNPACK_SHAPE, (len(target.elts), False))
        setattr(item, UNPACKED_CALL, True)
        return item
    if not all(type(node) in _PLAIN_READS for node in ast.walk(_copied(value))):
        return None

    item = ast.Subscript(value=value, slice=ast.Constant(index), ctx=ast.Load())
    if _copied(value) is not value:  # a value of another length would have raised
        setattr(item, UNPACK_SHAPE, (len(target.elts), False))
    return item


def _copied(value: ast.expr) -> ast.expr:
    """The read inside `tuple(read)`, `list(read)` or `list(read.keys())`: the same items in the
    same order, so evaluating `tuple(read)[index]` once per field reads what the unpacking gave
    (whether `tuple` is the builtin is the interpreter's to say, which evaluates the call)."""
    if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in ("tuple", "list") \
            and len(value.args) == 1 and not value.keywords and type(value.args[0]) is not ast.Starred:
        inner = value.args[0]
        if type(inner) is ast.Call and type(inner.func) is ast.Attribute and inner.func.attr == "keys" \
                and not inner.args and not inner.keywords:
            return inner.func.value
        return inner
    return value


def never_called(scope, method: FunctionNode) -> bool:
    """No code of the module can run the method: no attribute of its name is read, no string
    spells it, and nothing reads attributes by a computed name (`getattr`, `vars`, `__dict__`)."""
    name = method.name
    tree = scope.tree
    return not any(node.attr in (name, "__dict__") for node in nodes_of_type(tree, ast.Attribute)) \
        and not any(type(node.value) is str and node.value == name for node in nodes_of_type(tree, ast.Constant)) \
        and not reads_by_computed_name(scope, {name})  # (named_reads.py)
