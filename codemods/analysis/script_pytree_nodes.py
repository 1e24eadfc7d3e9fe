"""The pytree registrations a script run knows (script_run.py, script_builtins.py; issue 13).

Why one module: every way a script makes a class of its own a pytree node ends in one fact the
run reads wherever it walks a tree (`jax.tree.map`, jit and shard_map arguments, in_specs, scan
carries): `UClass.registered`. What that fact holds decides how far the run can follow:
- `jax.tree_util.register_dataclass` names the class's data and meta fields, and JAX flattens and
  rebuilds the objects itself from them, so the run walks them as JAX does (a `Registration`);
- `register_pytree_node(cls, flatten, unflatten)`, `@register_pytree_node_class` (and their
  `with_keys` forms) hand JAX the script's own functions, which it calls only when it walks an
  instance. Registering runs neither, so the run goes on past the registration; the class is
  only marked (`True`), and walking one of its instances stops the run (Bail), as does anything
  JAX would refuse at registration that is not modelled (a class registered twice: ValueError).
  Two functions handed to `register_pytree_node` (NNX-style `Variable` boxes: `lambda v:
  ((v.value,), (type(v), v.sharding))`, `lambda aux, ch: aux[0](ch[0], aux[1])`), or a
  `@register_pytree_node_class`'s `tree_flatten` method and `tree_unflatten` classmethod, are kept
  (a `ByHand`) when each is a lambda or a def that only returns an expression, flatten's calling
  nothing but builders of tuples, lists and dicts, `sorted`, `type`, `getattr` and dict views
  (the run calls it at every walk). The run calls them where JAX would: flatten for the children
  and the node's aux data (compared with `==` between trees, so only plain values, tuples and the
  module's classes), unflatten to rebuild. Calling such a function more often than JAX does
  changes nothing the program sees unless it calls code with effects (unflatten builds objects
  of the module's classes, whose `__init__` the run runs); any other function still stops the
  run at a walk. What such a function reaches is only known as it runs (adversarial25 E): a
  flatten's `b.seen` or `getattr(b, "seen")` may be a property that counts, an Equinox-like
  unflatten's `setattr(m, ...)` runs the class's own `__setattr__` and `object.__setattr__(m,
  "value", v)` a data descriptor's `__set__`, an unflatten's `Box(ch[0])` an `__init__` that may
  count (the run makes 3 where JAX makes 2 around a shard_map call). So while the run calls a
  flatten it enters no other function of the program that is not expression-only and pure in the
  same sense (a property `return self._v` is); while it calls an unflatten read as filling what
  it makes (local_effects.py) none at all; while it calls an expression-only unflatten only
  expression-only functions and the `__init__` of an object a class call has just made (or its
  base's, through `super().__init__`) when it only fills that object and its locals (Haliax's
  `NamedArray`: `self.array, self.axes = array, tuple(axes)`; asserts and `if`s too; a store on
  any other object, `TALLY.bump()`, would count the run's rebuilds), and of the rest only
  builtins that change nothing
  (`calling`); no code but the program's is handed an iterator the run steps as it reads
  (`tuple(zip(range(1), TICKS))` takes one item a call): anything else stops the run (Bail).
`register_pytree_with_keys(cls, flatten_with_keys, unflatten)` (no flatten_func) is kept too when
its flatten_with_keys is read by `_keyed_flatten` (`keys = ("a", "b"); return [(GetAttrKey(k),
getattr(m, k)) for k in keys], None`); it runs in mode "keys" (entering as a pure flatten,
calling as a local unflatten), and JAX's plain walk keeps the pairs' children (jax 0.10.2:
`[c for _, c in key_children]`), its walks with paths the entries (key_paths.py).
(The abstract interpreter's reading of a `register_pytree_node_class` object given as in_specs,
flattened by its own methods, is pytree_classes.py.)

What JAX does with a `register_dataclass` class (jax 0.10.2, read from
`jax._src.tree_util.register_dataclass` and run on 8 CPU devices): research code keeps stacked
layer weights in `@register_dataclass @dataclass class MlpStack` and its config in a dataclass
whose axis names are static fields (`field(default="tasks", metadata=dict(static=True))`).
- Without `data_fields` / `meta_fields` the class must be a dataclass: a field whose metadata
  says `static=True` is a meta field, every other field a data field. Given, the two lists must
  hold exactly the dataclass's fields, without overlap (else ValueError at registration).
- Flattening reads the data fields in `data_fields` order (each a subtree; None an empty one);
  the meta fields' values belong to the tree's structure: two trees are alike only when their
  classes are the same and their meta values compare equal, and `jit` treats them as static.
- Unflattening calls `cls(**fields)`: a fresh object holding exactly its fields (an attribute
  stored later on the original is not carried), made by the generated `__init__`; a class with
  its own `__init__`, `__post_init__`, `__new__` or `__setattr__` runs code the walkers here do
  not run, so rebuilding one stops the run (Bail).
Only the class named is registered: a subclass is a leaf to JAX, and the run does not walk it.
"""
from __future__ import annotations

import ast
import weakref

from codemods.analysis.expression_functions import calls_only, lone_expression
from codemods.analysis.host_objects import BUILTINS, Bail
from codemods.analysis.local_effects import fills_what_it_makes
from codemods.analysis.script_values import UClass, UObj

_VALUE_TYPES = (str, int, float, bool, type(None))
_OWN_CODE = ("__init__", "__post_init__", "__new__", "__setattr__")


class Registration:
    """The data and meta fields of a registered class, in JAX's order (truthy: `cls.registered`)."""

    __slots__ = ("data", "meta")

    def __init__(self, data: tuple, meta: tuple) -> None:
        self.data, self.meta = data, meta


class ByHand:
    """The flatten and unflatten functions of a `register_pytree_node` call (or the class's own
    `tree_flatten` method and `tree_unflatten` classmethod, `flatten` then None), and the run
    that calls them (truthy: `cls.registered`)."""

    __slots__ = ("flatten", "keyed", "method", "modes", "owner", "unflatten")

    def __init__(self, run, flatten, unflatten, method=None) -> None:
        self.owner, self.flatten, self.unflatten = weakref.ref(run), flatten, unflatten  # (the run's state is no
        # object the program reaches: retraced_bodies.py compares what a class holds)
        self.method = method  # the `tree_flatten` function JAX calls on each instance (by name, as it does)
        self.modes = ("pure", "local")  # what flatten and unflatten may enter (`entering`); "none": they fill
        # what they make (local_effects.py); "keys": a flatten with keys (`_keyed_flatten`)
        self.keyed = False  # flatten gives (key, child) pairs: JAX's plain walk keeps the children

    @property
    def run(self):
        return self.owner()

    def parts(self, tree: UObj) -> tuple[list, object]:
        if self.method is not None:
            found = self.run.attribute(tree, "tree_flatten")
            if type(found).__name__ != "Bound" or found.func is not self.method:
                raise Bail  # (an instance's own `tree_flatten`, or another class's: not followed)
            made = _guarded(self.run, found, [], self.method, self.modes[0])
        else:
            made = _guarded(self.run, self.flatten, [tree], self.flatten, self.modes[0])
        if type(made) is not tuple or len(made) != 2 or type(made[0]) not in (tuple, list) or not _comparable(made[1]):
            raise Bail  # (another shape of flatten result, or aux data whose `==` is not followed)
        if self.keyed:
            if not all(type(pair) is tuple and len(pair) == 2 for pair in made[0]):
                raise Bail  # (JAX's `for _, c in key_children` unpacks each: a list or other pair is not followed)
            return [pair[1] for pair in made[0]], made[1]
        return list(made[0]), made[1]

    def keyed_pairs(self, tree: UObj) -> list:
        """The (key entry, child) pairs a keyed flatten gives, as JAX's walks with paths read them."""
        if not self.keyed:
            raise Bail
        made = _guarded(self.run, self.flatten, [tree], self.flatten, self.modes[0])
        if type(made) is not tuple or len(made) != 2 or type(made[0]) not in (tuple, list) \
                or not all(type(pair) is tuple and len(pair) == 2 for pair in made[0]):
            raise Bail
        return list(made[0])


class _Guard:
    """What a node function running under `_guarded` may enter: its own function once, and for an
    unflatten the `__init__` the run is about to run on an object a class call has just made."""

    __slots__ = ("called", "init", "made", "mode", "own")

    def __init__(self, own, mode: str) -> None:
        self.own, self.mode = own, mode
        self.called = None  # the class the last call called (its object is made next)
        self.init = None  # the `__init__` `calling` saw called on such an object, not yet entered
        self.made = []  # the objects made so far by class calls (kept alive: compared by identity)


def _guarded(run, func: object, args: list, own: object, mode: str) -> object:
    """`func(*args)`, a node function (`own` the UFunc or lambda it runs), entering no other
    function of the program but those `mode` lets through (`entering`)."""
    outer = run.__dict__.get("_node_guard")
    run.__dict__["_node_guard"] = _Guard(getattr(own, "node", None), mode)
    try:
        return run.call(func, args, {})
    finally:
        run.__dict__["_node_guard"] = outer


def entering(run, func: object) -> None:
    """The run enters `func`, a function of the program (script_run.py): while a node function
    runs under `_guarded`, only that function itself (once) and, for a flatten, pure
    expression-only ones may run; for an unflatten, expression-only ones and the `__init__` of an
    object it has just made when that only fills it (`_fills_self`); anything else stops the run."""
    guard = run.__dict__.get("_node_guard")
    if guard is None:
        return
    fresh, guard.init = guard.init, None
    if guard.own is not None and getattr(func, "node", None) is guard.own:
        guard.own = None  # (entered: a second entry is recursion, judged as any other function)
        return
    if guard.mode in ("pure", "keys") and _expression_only(func, pure=True) \
            or guard.mode == "local" and (_expression_only(func) or func is fresh and _fills_self(func)):
        return
    raise Bail  # (code of the program's the run would run other than as often as JAX does)


_LOCAL_SPECIALS = frozenset({"builtins.getattr", "builtins.hasattr", "builtins.type", "functools.partial",
                             "dataclasses.replace", "dataclasses.fields", "builtins.super"})
_CALLABLE_KINDS = frozenset({"UFunc", "LambdaValue", "UClass", "UObj", "PartialObj"})  # (user code: `entering`)
_IMMUTABLE = (str, bytes, tuple, int, float, frozenset)


def calling(run, func: object, args: list = (), kwargs: dict | None = None) -> None:
    """The run calls `func` with `args` (script_run.py): inside a node function, code that is not
    the program's (whose effects `entering` sees) never takes an iterator the run steps as it goes
    (a generator object of the program's, Python's own: `tuple(TICKS)` would count the run's
    calls). Inside an expression-only unflatten, whose calls are not read before it runs, only
    calls whose effects `entering` sees, builtins that change nothing, JAX's and NumPy's functions
    (not NumPy's global random state) and methods of immutable values; anything else
    (`LOG.append(1)`, `next(ITEMS)`) stops the run. An `__init__` called, with no such iterator,
    on an object a class call has just made is noted for `entering`: it may fill that object."""
    guard = run.__dict__.get("_node_guard")
    if guard is None:
        return
    kind = type(func).__name__
    called, guard.called = guard.called, func if kind == "UClass" else None
    given = (*args, *(kwargs or {}).values())
    if kind not in _CALLABLE_KINDS and not (kind == "Bound" and type(func.func).__name__ == "UFunc") \
            and any(_stepped(arg) for arg in given):
        raise Bail
    if guard.mode not in ("local", "keys"):
        return
    if kind in _CALLABLE_KINDS or kind == "Special" and func.name in _LOCAL_SPECIALS:
        return
    if kind == "Bound" and type(func.func).__name__ in ("UFunc", "ObjectInit", "HolderInit"):
        if _made_now(guard, called, func) and not any(_stepped(arg) for arg in given):
            guard.init = func.func
        return  # (a method of the program's, or the builtin `__init__` of the object being made)
    if kind == "Lib" and func.name.startswith(("jax.", "numpy.")) and not func.name.startswith("numpy.random"):
        return
    if func in BUILTINS.values() or type(getattr(func, "__self__", None)) in _IMMUTABLE:
        return
    raise Bail


def _made_now(guard: _Guard, called: UClass | None, bound: object) -> bool:
    """`bound` is an `__init__` of the class of an object made during this node function: its own,
    called right after the class itself on an object holding nothing yet (the object the class
    call has just made: script_classes.construct), or a base class's (`super().__init__(...)`) on
    an object made so."""
    obj = bound.self
    if type(obj) is not UObj or obj.data is not None or getattr(bound.func.node, "name", None) != "__init__":
        return False
    if called is not None and obj.cls is called and not obj.attrs \
            and (found := called.lookup("__init__")) is not None and found[1] is bound.func:
        guard.made.append(obj)
        return True
    return any(obj is made for made in guard.made) and any(cls.attrs.get("__init__") is bound.func for cls in obj.cls.order)


def _stepped(value: object, depth: int = 0) -> bool:
    """An iterator whose items are made as it is read, so reading it again later gives what is
    left: a generator object of the program's, Python's own iterators, and generator expressions
    over either. (A generator expression over values is read once; a second pass stops the run.)"""
    from codemods.analysis.live_loops import walk
    from codemods.analysis.script_generators import GenRun
    from codemods.analysis.script_values import Lazy

    if type(value) is Lazy:
        return depth > 8 or _stepped(value.first, depth + 1)
    if type(value) is GenRun or type(value).__name__ == "Numbered":
        return True
    return hasattr(type(value), "__next__") and getattr(value, "gi_code", None) is not walk.__code__  # (a
    # generator expression's walk of a list or dict: reading it changes neither)


def _fills_self(func: object) -> bool:
    """An undecorated def (the `__init__` of an object just made) whose statements only fill that
    object and its own locals: stores on attributes of its first parameter or on local names,
    asserts, `if`s of such statements, calls as statements (`super().__init__(...)`) and `return`;
    each call meets `calling` as it runs, and no comprehension (which steps an iterator without a
    call `calling` sees): `self.array, self.axes = array, tuple(axes)`."""
    node = getattr(func, "node", None)
    if type(func).__name__ != "UFunc" or type(node) is not ast.FunctionDef or node.decorator_list \
            or not node.args.args:
        return False
    body = node.body[1:] if node.body and type(node.body[0]) is ast.Expr and type(node.body[0].value) is ast.Constant \
        else node.body
    return bool(body) and _filling(body, node.args.args[0].arg, 0)


def _filling(statements: list, me: str, depth: int) -> bool:
    for statement in statements:
        kind = type(statement)
        if kind is ast.If:
            if depth > 4 or not _quiet(statement.test) or not _filling(statement.body, me, depth + 1) \
                    or not _filling(statement.orelse, me, depth + 1):
                return False
        elif kind in (ast.Assign, ast.AugAssign, ast.AnnAssign):
            targets = statement.targets if kind is ast.Assign else [statement.target]
            if not all(_stored_here(target, me) for target in targets) \
                    or statement.value is not None and not _quiet(statement.value):
                return False
        elif kind is ast.Assert:
            if not _quiet(statement.test) or statement.msg is not None and not _quiet(statement.msg):
                return False
        elif kind is ast.Expr:
            if type(statement.value) is not ast.Call or not _quiet(statement.value):
                return False
        elif kind is ast.Return:
            if statement.value is not None and not (type(statement.value) is ast.Constant and statement.value.value is None):
                return False
        elif kind is not ast.Pass:
            return False
    return True


def _quiet(expression: ast.expr) -> bool:
    return calls_only(expression) and not any(type(inner) in _COMPREHENSIONS for inner in ast.walk(expression))


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _stored_here(target: ast.expr, me: str) -> bool:
    """A store on an attribute of `me` or on a local name (the function declares no global: no
    such statement passes `_filling`)."""
    if type(target) in (ast.Tuple, ast.List):
        return all(_stored_here(item, me) for item in target.elts)
    return type(target) is ast.Name and target.id != me or _on_self(target, me)


def _on_self(target: ast.expr, me: str) -> bool:
    if type(target) in (ast.Tuple, ast.List):
        return all(_on_self(item, me) for item in target.elts)
    return type(target) is ast.Attribute and type(target.value) is ast.Name and target.value.id == me


_PURE_CALLS = frozenset({"tuple", "list", "dict", "sorted", "zip", "len", "type", "getattr", "isinstance", "range",
                         "enumerate", "reversed", "str", "int", "float", "bool", "frozenset"})
_VIEWS = frozenset({"items", "keys", "values", "get"})


def _expression_only(func: object, pure: bool = False) -> bool:
    """A lambda, or a def whose body is one `return` of an expression (after a docstring): calling
    it more often than JAX does changes nothing but through the calls it makes. `pure`: those
    calls only build tuples, lists and dicts, sort, and read (a flatten, which the run calls at
    every walk: `CALLS.append(1)` there would count the run's walks, not JAX's)."""
    expression = lone_expression(func)
    return expression is not None and calls_only(expression, _pure_call if pure else None)


def _pure_call(call: ast.Call) -> bool:
    return type(call.func) is ast.Name and call.func.id in _PURE_CALLS \
        or type(call.func) is ast.Attribute and call.func.attr in _VIEWS


_KEY_ENTRIES = frozenset({"GetAttrKey", "DictKey", "SequenceKey", "FlattenedIndexKey"})


def _keyed_flatten(func: object) -> bool:
    """A `flatten_with_keys` def whose body binds local names to tuples or lists of strings and
    returns an expression whose calls build key entries (`jax.tree_util.GetAttrKey(k)`, which
    `calling` sees resolve to JAX's) or are `_pure_call`s, and whose comprehensions walk only
    those names or such literals (no iterator of the program's is stepped):
    `keys = ("a", "b"); return [(GetAttrKey(k), getattr(m, k)) for k in keys], None`."""
    node = getattr(func, "node", None)
    if type(func).__name__ != "UFunc" or type(node) is not ast.FunctionDef or node.decorator_list:
        return False
    body = node.body[1:] if node.body and type(node.body[0]) is ast.Expr and type(node.body[0].value) is ast.Constant \
        else node.body
    if not body or type(body[-1]) is not ast.Return or body[-1].value is None:
        return False
    fixed = set()
    for statement in body[:-1]:
        if type(statement) is not ast.Assign or len(statement.targets) != 1 or type(statement.targets[0]) is not ast.Name \
                or not _strings(statement.value):
            return False
        fixed.add(statement.targets[0].id)
    for inner in ast.walk(body[-1].value):
        if type(inner) in (ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom, ast.GeneratorExp,
                           ast.SetComp, ast.DictComp):
            return False
        if type(inner) is ast.ListComp and not all(
                not made.is_async and type(made.target) is ast.Name
                and (type(made.iter) is ast.Name and made.iter.id in fixed or _strings(made.iter))
                for made in inner.generators):
            return False
        if type(inner) is ast.Call and not _pure_call(inner) \
                and not (type(inner.func) is ast.Attribute and inner.func.attr in _KEY_ENTRIES):
            return False
    return True


def _strings(expression: ast.expr) -> bool:
    return type(expression) in (ast.Tuple, ast.List) \
        and all(type(item) is ast.Constant and type(item.value) is str for item in expression.elts)


def _fills(run, func: object) -> bool:
    """An Equinox-like unflatten, whose only writes go to the object it makes (local_effects.py)."""
    return type(func).__name__ == "UFunc" and type(func.node) is ast.FunctionDef and fills_what_it_makes(func.node, run.tree)


def _class_hooks(run, cls: UClass) -> tuple | None:
    """`@register_pytree_node_class`: the class's `tree_flatten` (a plain method) and its bound
    `tree_unflatten` (a classmethod, read once as JAX reads it), both expression-only; else None."""
    flatten, unflatten = cls.lookup("tree_flatten"), cls.lookup("tree_unflatten")
    if type(flatten[1]).__name__ != "UFunc" or not _expression_only(flatten[1], pure=True) \
            or type(unflatten[1]).__name__ != "Desc" or unflatten[1].kind != "class" \
            or not _expression_only(unflatten[1].func):
        return None
    return flatten[1], run.attribute(cls, "tree_unflatten")


_BY_HAND = frozenset({"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_node_class",
                      "jax.tree_util.register_pytree_with_keys", "jax.tree_util.register_pytree_with_keys_class"})
CALLS = _BY_HAND | {"jax.tree_util.register_dataclass"}


def register(run, name: str, args: list, kwargs: dict) -> object:
    """One of `CALLS` as the script makes it: the class marked a pytree node."""
    if name in _BY_HAND:
        return _by_hand(run, name, args, kwargs)
    if len(args) != 1 or type(args[0]) is not UClass or not set(kwargs) <= {"data_fields", "meta_fields"}:
        raise Bail  # (a form of register_dataclass not modelled)
    return _dataclass(args[0], kwargs)


def _by_hand(run, name: str, args: list, kwargs: dict) -> object:
    by_class = name.endswith("_class")
    if not args or type(args[0]) is not UClass or args[0].registered or kwargs \
            or len(args) != (1 if by_class else 3) and not (name.endswith("with_keys") and len(args) == 4):
        raise Bail
    if by_class and any(args[0].lookup(hook) is None for hook in ("tree_flatten", "tree_unflatten")) \
            and name == "jax.tree_util.register_pytree_node_class":
        raise Bail  # (JAX reads the methods at once: AttributeError)
    if name == "jax.tree_util.register_pytree_node" and (_expression_only(args[1], pure=True) or _fills(run, args[1])) \
            and (_expression_only(args[2]) or _fills(run, args[2])):
        args[0].registered = ByHand(run, args[1], args[2])
        args[0].registered.modes = ("pure" if _expression_only(args[1], pure=True) else "none",
                                    "local" if _expression_only(args[2]) else "none")
        return None
    if name == "jax.tree_util.register_pytree_with_keys" and (len(args) == 3 or args[3] is None) \
            and _keyed_flatten(args[1]) and (_expression_only(args[2]) or _fills(run, args[2])):
        args[0].registered = ByHand(run, args[1], args[2])
        args[0].registered.keyed = True
        args[0].registered.modes = ("keys", "local" if _expression_only(args[2]) else "none")
        return None
    if name == "jax.tree_util.register_pytree_node_class" and (hooks := _class_hooks(run, args[0])) is not None:
        args[0].registered = ByHand(run, None, hooks[1], hooks[0])
        return args[0]
    args[0].registered = True  # (walked: `registration` stops the run)
    return args[0] if by_class else None


def _dataclass(cls: UClass, kwargs: dict) -> UClass:
    """`register_dataclass(cls)` or `register_dataclass(cls, data_fields=..., meta_fields=...)`."""
    from codemods.analysis.field_specs import metadata_of

    data, meta = kwargs.get("data_fields"), kwargs.get("meta_fields")
    if (data is None) != (meta is None):
        raise Bail  # (TypeError: both lists or neither)
    if data is None:
        if cls.kind != "dataclass":
            raise Bail  # (TypeError: the fields are not known)
        flags = [metadata_of(cls, name).get("static", False) for name in cls.fields]
        if not all(type(flag) is bool for flag in flags):
            raise Bail  # (a truthy value that is not a bool: not followed)
        data = [name for name, flag in zip(cls.fields, flags) if not flag]
        meta = [name for name, flag in zip(cls.fields, flags) if flag]
    if type(data) not in (list, tuple) or type(meta) not in (list, tuple) \
            or not all(type(name) is str for name in (*data, *meta)) or set(data) & set(meta):
        raise Bail
    if cls.kind == "dataclass" and set(data) | set(meta) != set(cls.fields):
        raise Bail  # (ValueError: the lists must name exactly the dataclass's fields)
    cls.registered = Registration(tuple(data), tuple(meta))
    return cls


def registration(tree: object) -> Registration | ByHand | None:
    """The registration of `tree`'s own class, None when `tree` is not such an object."""
    if type(tree) is not UObj or not tree.cls.registered:
        return None
    found = tree.cls.registered
    if type(found) not in (Registration, ByHand):
        raise Bail  # (registered by hand: JAX would run the script's own flatten code)
    return found


def children(tree: UObj) -> list:
    """The data fields' values, in `data_fields` order (JAX reads them with getattr)."""
    found = registration(tree)
    if type(found) is ByHand:
        return found.parts(tree)[0]
    if any(name not in tree.attrs for name in (*found.data, *found.meta)) or tree.cls.lookup("__getattribute__"):
        raise Bail
    return [tree.attrs[name] for name in found.data]


def meta_values(tree: UObj) -> tuple:
    """The meta fields' values, which JAX compares with `==` when it compares two structures."""
    found = registration(tree)
    if type(found) is ByHand:
        return found.parts(tree)[1]
    if any(name not in tree.attrs for name in found.meta):
        raise Bail
    values = tuple(tree.attrs[name] for name in found.meta)
    if not all(_plain(value) for value in values):
        raise Bail  # (an object's own `__eq__` would decide: not followed here)
    return values


def alike(tree: UObj, others: list) -> bool:
    """Every tree of `others` has `tree`'s node: the same class and equal meta values."""
    mine = meta_values(tree)
    return all(type(other) is UObj and other.cls is tree.cls and meta_values(other) == mine for other in others)


def rebuilt(tree: UObj, items: list, meta: tuple | None = None) -> UObj:
    """`cls(**meta, **data)` with `items` as the data fields' new values (`meta`: the meta values
    a treedef kept when it was made, else `tree`'s own)."""
    found = registration(tree)
    meta = meta_values(tree) if meta is None else meta
    if type(found) is ByHand:
        own = found.unflatten.func if type(found.unflatten).__name__ == "Bound" else found.unflatten
        return _guarded(found.run, found.unflatten, [meta, tuple(items)], own, found.modes[1])
    cls = tree.cls
    if cls.kind != "dataclass" or cls.meta is not None or any(cls.lookup(name) for name in _OWN_CODE) \
            or len(items) != len(found.data):
        raise Bail
    made = UObj(cls)
    if made.data is not None:
        raise Bail
    made.attrs.update(zip(found.meta, meta))
    made.attrs.update(zip(found.data, items))
    made.attrs = {name: made.attrs[name] for name in cls.fields}  # (in the fields' order, as `__init__` stores them)
    return made


def shape(tree: UObj, inner) -> tuple:
    """A comparable outline of the node: its class, its meta values and its children's outlines."""
    return ("registered", id(tree.cls), meta_values(tree), tuple(inner(item) for item in children(tree)))


def _comparable(value: object, depth: int = 0) -> bool:
    """Aux data whose `==` is Python's own: plain values, the module's classes (by identity) and
    tuples of them; PartitionSpecs, meshes (script_values.MeshObj), partial objects (by identity)
    and instances of the module's classes (their own `__eq__` and `__hash__`, or a dataclass's:
    dataclass_equality.py), whose `==` the run computes as JAX does or stops at."""
    from codemods.analysis.script_values import MeshObj, PartialObj, SpecObj

    if type(value) in _VALUE_TYPES or type(value) in (UClass, SpecObj, PartialObj, UObj, MeshObj):
        return True
    return depth < 4 and type(value) is tuple and all(_comparable(item, depth + 1) for item in value)


def _plain(value: object, depth: int = 0) -> bool:
    if type(value) in _VALUE_TYPES:
        return True
    return depth < 4 and type(value) is tuple and all(_plain(item, depth + 1) for item in value)


def paired(tree: object, other: object, inner) -> UObj:
    """`tree` rebuilt from `inner(child, its match in other)`, where `other` (a tree of specs or
    shardings JAX matches as a prefix) has the same node; Bail elsewhere."""
    if registration(tree) is None or registration(other) is None or not alike(tree, [other]):
        raise Bail
    return rebuilt(tree, [inner(item, match) for item, match in zip(children(tree), children(other))])


def mapped(tree: object, inner) -> object:
    """`tree` rebuilt from `inner(child)` when it is a registered node; anything else as it is."""
    if registration(tree) is None:
        return tree
    return rebuilt(tree, [inner(item) for item in children(tree)])


def visit(tree: object, inner) -> None:
    """`inner(child)` of each data field of a registered node; anything else stops the run."""
    if registration(tree) is None:
        raise Bail
    for item in children(tree):
        inner(item)


def leaf_lists(tree: object, inner) -> list:
    """`inner(child)` of each data field of a registered node (no children for anything else)."""
    return [inner(item) for item in children(tree)] if registration(tree) is not None else []
