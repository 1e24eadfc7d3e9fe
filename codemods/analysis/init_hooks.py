"""Fields a constructor sets other than by `self.attr = expr` at its top level, as hand-written
flax.linen-like modules do:

- `for k, v in kwargs.items(): setattr(self, k, v)`: every keyword of the construction becomes
  a field (`Dense(features=8, tensor="tensor")`);
- `self.setup()` (a call of a method of the object, without arguments): the method the
  constructed class defines runs there (a subclass's override), and its own top-level
  `self.attr = expr` stores are fields too, read from the fields set before the call.

Anything else about these (a hook with parameters or a decorator, a loop of another shape) is not
read: classes.py then treats the class as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.class_registries import bound_first
from codemods.analysis.nodes import DEFS, FunctionDef, positional_params
from codemods.analysis.object_methods import class_bindings, class_chain
from codemods.analysis.scopes import method_kind

from codemods.analysis.values import DictValue, Instance, Value

if TYPE_CHECKING:
    from codemods.analysis.class_facts import ClassFacts
    from codemods.analysis.interpreter import Frame


def kwargs_loop(init: FunctionDef, receiver: str) -> ast.For | ast.Expr | None:
    """`for k, v in kwargs.items(): setattr(self, k, v)` or `self.__dict__.update(kwargs)` at
    __init__'s top level, `kwargs` its `**` parameter (bound to nothing else in __init__)."""
    kwarg = init.args.kwarg.arg if init.args.kwarg is not None else None
    if kwarg is None:
        return None
    for stmt in init.body:
        if _dict_update(stmt, receiver, kwarg):
            return stmt
        if type(stmt) is not ast.For or stmt.orelse or len(stmt.body) != 1:
            continue
        target, loop_iter, body = stmt.target, stmt.iter, stmt.body[0]
        if not (type(target) is ast.Tuple and len(target.elts) == 2 and all(type(e) is ast.Name for e in target.elts)
                and type(loop_iter) is ast.Call and not loop_iter.args and not loop_iter.keywords
                and type(loop_iter.func) is ast.Attribute and loop_iter.func.attr == "items"
                and type(loop_iter.func.value) is ast.Name and loop_iter.func.value.id == kwarg):
            continue
        key, value = (element.id for element in target.elts)
        if type(body) is ast.Expr and type(body.value) is ast.Call and type(body.value.func) is ast.Name \
                and body.value.func.id == "setattr" and not body.value.keywords and len(body.value.args) == 3 \
                and [type(arg) for arg in body.value.args] == [ast.Name] * 3 \
                and [arg.id for arg in body.value.args] == [receiver, key, value]:
            return stmt
    return None


def _dict_update(stmt: ast.stmt, receiver: str, kwarg: str) -> bool:
    call = stmt.value if type(stmt) is ast.Expr else None
    return type(call) is ast.Call and len(call.args) == 1 and not call.keywords and type(call.args[0]) is ast.Name \
        and call.args[0].id == kwarg and type(call.func) is ast.Attribute and call.func.attr == "update" \
        and type(call.func.value) is ast.Attribute and call.func.value.attr == "__dict__" \
        and type(call.func.value.value) is ast.Name and call.func.value.value.id == receiver


def kwargs_store(loop: ast.For | ast.Expr) -> int:
    """The id of the node by which the loop (or update) sets fields by name: `setattr`, `__dict__`."""
    return id(loop.value.func.value) if type(loop) is ast.Expr else id(loop.body[0].value.func)


def hook_names(init: FunctionDef, receiver: str) -> tuple[str, ...]:
    """Methods __init__ calls on the object at its top level, without arguments: `self.setup()`."""
    return tuple(stmt.value.func.attr for stmt in init.body if _hook_call(stmt, receiver))


def _hook_call(stmt: ast.stmt, receiver: str) -> bool:
    return type(stmt) is ast.Expr and type(stmt.value) is ast.Call and not stmt.value.args \
        and not stmt.value.keywords and type(stmt.value.func) is ast.Attribute \
        and type(stmt.value.func.value) is ast.Name and stmt.value.func.value.id == receiver


def hook_method(cls: ast.ClassDef, name: str, classes: dict[str, ast.ClassDef], depth: int = 0) -> FunctionDef | None:
    """The method `name` an object of `cls` runs: its own, else its one module base's; a plain
    method taking only the object, without decorators (None: anything else)."""
    if depth > 8:
        return None
    own = [member for member in cls.body if isinstance(member, DEFS) and member.name == name]
    if own:
        method = own[0]
        if len(own) > 1 or method.decorator_list or method_kind(method) != "plain" \
                or len(positional_params(method.args)) != 1 or method.args.vararg or method.args.kwarg \
                or method.args.kwonlyargs or isinstance(method, ast.AsyncFunctionDef):
            return None
        return method
    if any(isinstance(stmt, (ast.Assign, ast.AnnAssign)) and _binds(stmt, name) for stmt in cls.body):
        return None  # a class attribute of that name: not a method
    if len(cls.bases) != 1 or type(cls.bases[0]) is not ast.Name or cls.bases[0].id not in classes:
        return None
    return hook_method(classes[cls.bases[0].id], name, classes, depth + 1)


def _binds(stmt: ast.stmt, name: str) -> bool:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return any(type(target) is ast.Name and target.id == name for target in targets)


def read_hooks(facts: ClassFacts, cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> None:
    """Note on `facts` the setattr loop over **kwargs and the stores of the hooks of the
    __init__ that objects of `cls` run."""
    from codemods.analysis.init_stores import UNKNOWABLE, returns_early, stored_pairs

    receiver = positional_params(facts.init.args)[0].arg
    facts.kwargs_loop = kwargs_loop(facts.init, receiver)
    names = hook_names(facts.init, receiver)
    if len(names) != sum(1 for stmt in facts.init.body[len(facts.init.body) - len(names):] if _hook_call(stmt, receiver)):
        return  # hooks run before some store: what they read is not followed (their stores stay unknown)
    methods = [hook_method(cls, name, classes) for name in names]
    if None in methods or any(returns_early(method) for method in methods):
        return
    for method in methods:
        own = positional_params(method.args)[0].arg
        for stmt in method.body:
            for target, value in stored_pairs(stmt, own):
                facts.hook_targets.append(target)
                known = target.attr not in facts.stores and target.attr not in facts.hook_stores
                facts.hook_stores[target.attr] = (method, value if known else UNKNOWABLE)


def read_post_init(facts: ClassFacts, scope) -> None:
    """The `__post_init__` the __init__ of a `dataclasses.dataclass` runs once the fields are
    set (`self.norm = Norm(self.axis)`): its top-level stores of new attributes are fields too,
    read from the fields, in order (a field stored again ends with that value). Not read on a
    frozen dataclass (a store there raises) or with `init=` given: those stay stored elsewhere."""
    from codemods.analysis.init_stores import returns_early, stored_pairs
    from codemods.analysis.post_init_guards import guarded_field_store
    from codemods.analysis.subclass_hooks import hooked_decorators

    cls = facts.cls
    decorators = hooked_decorators(cls, scope.classes)
    if facts.init is not None or not facts.fields or not facts.constructible or not decorators or any(
            scope.resolve(getattr(d, "func", d), ()) != "dataclasses.dataclass"
            or type(d) is ast.Call and any(k.arg in ("frozen", "init") or k.arg is None for k in d.keywords)
            for d in decorators):
        return
    method = hook_method(cls, "__post_init__", scope.classes)
    if method is None or returns_early(method):
        return
    own = positional_params(method.args)[0].arg
    pairs = []
    for stmt in method.body:
        guarded = guarded_field_store(stmt, own)
        pairs.extend([guarded] if guarded is not None else stored_pairs(stmt, own))
    # A field stored again (`if not self.plan: self.plan = ...`, post_init_guards.py) ends with that
    # value: read in order, each store from the fields before it; one store per attribute only.
    if any(target.attr in facts.opaque for target, _ in pairs) or len({target.attr for target, _ in pairs}) != len(pairs):
        return
    for target, value in pairs:
        facts.hook_targets.append(target)
        facts.hook_stores[target.attr] = (method, value)


class InitHooks:
    """The hook half of Classes (which supplies scope, eval and the constructions)."""

    def _hook_fields(self, facts: ClassFacts, cls: ast.ClassDef, frame: Frame, fields: dict[str, Value],
                     later: set[str] = frozenset()) -> bool:
        """The fields `**kwargs` set through setattr, then those `self.setup()` stores, reading
        the object as built so far (`later`: fields a subclass's __init__ stores around it). False:
        not known."""
        from codemods.analysis.interpreter import Frame

        if facts.kwargs_loop is not None:
            given = frame.vars.get(facts.init.args.kwarg.arg)
            if not isinstance(given, DictValue) or set(given.keys) & (set(fields) | later):
                return False  # unknown keywords, or one a store sets too (the order would matter)
            if type(facts.kwargs_loop) is ast.Expr and any(_class_binds(self.scope, cls, key) for key in given.keys):
                return False  # `__dict__.update` bypasses a property or class binding a read may still find
            fields.update(zip(given.keys, given.items))
        for attr, (method, expr) in facts.hook_stores.items():
            if self.scope.attribute_references(method.name) != self._hook_calls(method.name):
                return False  # the hook is run again elsewhere: its fields may change later
            hook_frame = Frame(None, self.module_frame, static_scopes=(method,))
            hook_frame.vars[positional_params(method.args)[0].arg] = Instance(cls, tuple(sorted(fields.items())))
            fields[attr] = self.eval(expr, hook_frame)
        return True

    def _hook_calls(self, name: str) -> int:
        """`self.<name>()` calls at the top level of the module's __init__ methods."""
        return sum(hook_names(init, positional_params(init.args)[0].arg).count(name)
                   for cls in self.scope.classes.values() for init in cls.body
                   if isinstance(init, DEFS) and init.name == "__init__" and positional_params(init.args))

    def _keyword_field(self, facts: ClassFacts, receiver: Instance, attr: str) -> bool:
        """With `setattr(self, k, v)` over **kwargs: `attr` is a field when the object was built
        with it (every construction of the class in the file, for an object read through `self`)."""
        if facts.kwargs_loop is None:
            base = facts.base  # a module base's loop, run by `super().__init__(**kwargs)` (classes.py's _base_stores)
            while base is not None and base.kwargs_loop is None:
                base = base.base
            return base is not None and (receiver.fields is None or attr in dict(receiver.fields))
        if receiver.fields is not None:
            return attr in dict(receiver.fields)
        constructions = self._constructions(facts.cls)
        keywords = [keyword.arg for call, _ in constructions for keyword in call.keywords]
        keywords += [keyword.arg for call, _ in constructions for _, named in bound_first(self.scope, facts.cls, call)
                     for keyword in named]  # `partial(Dense, features=8)` of a registry (class_registries.py)
        return not constructions or None in keywords or attr in keywords  # not known: a field, unknown


def _class_binds(scope, cls: ast.ClassDef, name: str) -> bool:
    chain = class_chain(scope, cls)
    return chain is None or any(class_bindings(member).binds(name) for member in chain)
