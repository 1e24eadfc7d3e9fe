"""Setter methods that update an object's attributes in place and return it (issue 13), as
Praxis-like hyper-parameter bags do:

    class HParams:
        def __init__(self, **fields): self.__dict__.update(fields)
        def set(self, **fields):
            self.__dict__.update(fields)
            return self

    class RouterLayer(BaseLayer):
        @classmethod
        def HParams(cls):
            return super().HParams().set(num_experts=8, gather_dim=0)

`set` may change any attribute of the object it is called on, so it made every field of every
object unknown (classes.py's field changers). But called on an object no other name can hold yet
(one just built: `HParams(...)`, or what a method returns whose every `return` builds one), it
changes nothing anyone else sees: the result is the object with those attributes replaced, as a
copy would be. When every call of a setter's name is so, its `__dict__` update counts as no
change (`fluent_nodes`), and such a call reads as the updated object (FluentSetters).

A setter is a plain method taking only the object and `**fields`, whose body is
`self.__dict__.update(fields)` (or `for k, v in fields.items(): setattr(self, k, v)`) and maybe
`return self`. A call `R.<name>(...)` of such a name is on a new object when R is:
- `C(...)` of a module class C (read as the module's class there) whose chain of module classes
  has no decorator, metaclass nor `__new__`, whose `__init__`s use the object only to store on it
  (so none keeps it), and whose name nothing rebinds;
- another such setter call (it returns its receiver);
- `super().m(...)`, `C.m(...)` of such a class, or `R2.m(...)` with R2 new: when every def named
  `m` in the module is a method returning only such new objects, no class binds `m` otherwise,
  and no code could give an object an attribute `m` (no keyword, store or dynamic attribute of
  that name).
Any other call of the name (but one with a positional argument: `x.at[i].set(v)` cannot run a
setter, which would raise), or a read of the name other than as a called method, leaves the
setter's update counted as a change of everything.
"""
from __future__ import annotations

import ast

from codemods.analysis.init_hooks import kwargs_loop, kwargs_store
from codemods.analysis.nodes import DEFS, body_nodes, nodes_of_type, positional_params
from codemods.analysis.pyvalues import SPREAD
from codemods.analysis.object_methods import class_bindings, class_chain, own_bases
from codemods.analysis.scopes import method_kind
from codemods.analysis.super_calls import is_super_call
from codemods.analysis.values import UNKNOWN, DictValue, Function, Instance, Partial, Value

_DEPTH = 6
_DYNAMIC = frozenset({"getattr", "setattr", "delattr", "vars", "__setattr__", "__class__"})


def setter_update(method: ast.AST) -> ast.stmt | None:
    """The update statement of a setter method of the form above, else None."""
    if not isinstance(method, ast.FunctionDef) or method.decorator_list or method_kind(method) != "plain":
        return None
    params = method.args
    if params.posonlyargs or params.vararg or params.kwonlyargs or params.defaults or params.kwarg is None \
            or len(params.args) != 1:
        return None
    receiver = params.args[0].arg
    update = kwargs_loop(method, receiver)
    if update is None or method.body[0] is not update or len(method.body) > 2:
        return None
    back = method.body[-1]
    if len(method.body) == 2 and not (type(back) is ast.Return and type(back.value) is ast.Name
                                      and back.value.id == receiver):
        return None
    return update


def keyword_order(facts, frame) -> tuple[str, ...] | None:
    """The order of an object's attributes built by `__init__(self, **fields)` whose only
    statement stores the keywords (`self.__dict__.update(fields)`): the keywords' own."""
    if frame is None or facts.kwargs_loop is None or facts.stores or facts.base is not None or facts.hook_stores \
            or facts.init.body != [facts.kwargs_loop]:
        return None
    given = frame.vars.get(facts.init.args.kwarg.arg)
    return given.keys if type(given) is DictValue else None


def _setters(scope) -> dict[str, list[ast.FunctionDef]]:
    """Setter methods of the module's classes, by name."""
    found = scope.tree.__dict__.get("_shardfix_setters")
    if found is None:
        found = scope.tree.__dict__["_shardfix_setters"] = {}
        for cls in scope.classes.values():
            for member in cls.body:
                if setter_update(member) is not None and not member.name.startswith("__"):
                    found.setdefault(member.name, []).append(member)
    return found


def fluent_nodes(interp) -> frozenset[int]:
    """Ids of the nodes by which setters change attributes by name (`__dict__`, `setattr`), when
    every call of every setter's name is on a new object; else none."""
    scope = interp.scope
    cached = scope.tree.__dict__.get("_shardfix_fluent_nodes")
    if cached is None:
        cached = frozenset()
        setters = _setters(scope)
        if setters and all(_functional(interp, name) for name in setters):
            cached = frozenset(kwargs_store(setter_update(method)) for methods in setters.values() for method in methods)
        scope.tree.__dict__["_shardfix_fluent_nodes"] = cached
    return cached


def _functional(interp, name: str) -> bool:
    """Every use of the attribute `name` is a call on a new object."""
    parents = interp._parent_map()
    for node in nodes_of_type(interp.scope.tree, ast.Attribute):
        if node.attr != name:
            continue
        call = parents.get(id(node))
        if type(node.ctx) is not ast.Load or type(call) is not ast.Call or call.func is not node:
            return False
        if not any(type(arg) is ast.Starred for arg in call.args) and (
                len(call.args) >= 2 or call.args and _indexed_update(node.value)):
            # A setter takes its receiver alone positionally: read on an object (`x.at[i].set(v)`)
            # with an argument, or on the class with two (`HParams.set(p, x)`), it raises before
            # any change. `HParams.set(p, sync=...)` or `type(p).set(p, ...)` runs it on `p`.
            continue
        if not (_new_object(interp, node.value, parents, 0) or held_alone(interp, call, parents)):
            return False
    return not _dynamic_names(interp, name)


def _indexed_update(receiver: ast.expr) -> bool:
    """`x.at[i]`: JAX's indexed-update reference (an object, never a class of the module)."""
    return type(receiver) is ast.Subscript and type(receiver.value) is ast.Attribute and receiver.value.attr == "at"


def held_alone(interp, call: ast.Call, parents) -> bool:
    """A statement `p.set(...)` in the body of a def (or the module) that binds `p` once, by a
    statement above it giving a new object, with no statement between them naming `p` but other
    such setter statements: only `p` holds the object when it changes (set_fields.py replays the
    calls on what `p` holds)."""
    stmt, holder = parents.get(id(call)), setter_receiver(interp, call)
    function = parents.get(id(stmt))
    if type(stmt) is not ast.Expr or type(holder) is not ast.Name or not isinstance(function, (*DEFS, ast.Module)) \
            or not _setter_statement(interp, stmt, holder.id) or not any(item is stmt for item in function.body):
        return False
    name = holder.id
    stores = [node for node in _scope_nodes(function) if type(node) is ast.Name and node.id == name
              and type(node.ctx) is not ast.Load or type(node) is ast.arg and node.arg == name
              or isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names]
    if len(stores) != 1:
        return False
    made = next((index for index, item in enumerate(function.body) if type(item) is ast.Assign
                 and item.targets == stores), None)
    here = function.body.index(stmt)
    if made is None or made > here or not _new_object(interp, function.body[made].value, parents, 0):
        return False
    return all(_setter_statement(interp, item, name) or not any(
        type(node) is ast.Name and node.id == name for node in ast.walk(item)) for item in function.body[made + 1:here])


def setter_receiver(interp, call: ast.Call) -> ast.expr | None:
    """What a setter call changes: `p` of `p.set(...)`, and of `HParams.set(p, ...)` or
    `type(p).set(p, ...)`: the def read on the class takes its receiver positionally."""
    func = call.func
    if type(func) is not ast.Attribute:
        return None
    if not call.args:
        return func.value
    if len(call.args) == 1 and type(call.args[0]) is ast.Name and _setter_class(interp, func.value, call.args[0].id, func.attr):
        return call.args[0]
    return None


def _setter_class(interp, node: ast.expr, receiver: str, name: str) -> bool:
    """`node` is a module class whose `name` is a setter def, or `type(receiver)`."""
    scope = interp.scope
    if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "type" and not scope.globals.binds("type") \
            and len(node.args) == 1 and not node.keywords and type(node.args[0]) is ast.Name and node.args[0].id == receiver:
        return True
    cls = scope.classes.get(node.id) if type(node) is ast.Name else None
    method = class_bindings(cls).unique_function(name) if cls is not None else None
    return method is not None and setter_update(method) is not None


def _setter_statement(interp, stmt: ast.stmt, name: str) -> bool:
    holder = setter_receiver(interp, stmt.value) if type(stmt) is ast.Expr and type(stmt.value) is ast.Call else None
    return type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Attribute \
        and type(holder) is ast.Name and holder.id == name \
        and stmt.value.func.attr in _setters(interp.scope) and _all_setters(interp.scope, stmt.value.func.attr)


def _scope_nodes(function: ast.AST):
    """The nodes of a def (or the module), nested scopes included (a closure may rebind by
    `nonlocal`), its parameters too."""
    return ast.walk(function) if type(function) is not ast.Module else body_nodes(function)


def _dynamic_names(interp, name: str) -> bool:
    """Code that may reach an attribute by a computed name (but the `setattr` of a setter's or an
    `__init__`'s loop over its keywords), binds `name` by keyword, or builds a class with more
    than one base (what `super()` reaches may then be no module class)."""
    tree = interp.scope.tree
    cached = tree.__dict__.get("_shardfix_fluent_dynamic")
    if cached is None:
        loops = {kwargs_store(loop) for cls in interp.scope.classes.values() for member in cls.body
                 if isinstance(member, DEFS) and positional_params(member.args)
                 and (loop := kwargs_loop(member, positional_params(member.args)[0].arg)) is not None}
        dynamic = any(type(node) is ast.Name and node.id in _DYNAMIC and id(node) not in loops
                      for node in nodes_of_type(tree, ast.Name)) \
            or any(len(own_bases(cls)) > 1 for cls in interp.scope.classes.values())
        cached = tree.__dict__["_shardfix_fluent_dynamic"] = (dynamic, frozenset(
            node.arg for node in nodes_of_type(tree, ast.keyword) if node.arg is not None))
    return cached[0] or name in cached[1]


def _new_object(interp, expr: ast.expr, parents, depth: int, assumed: frozenset[str] = frozenset()) -> bool:
    """`expr` (read where it is written) evaluates to an object no other name holds."""
    if depth > _DEPTH or type(expr) is not ast.Call:
        return False
    func = expr.func
    if type(func) is ast.Name:
        cls = interp.scope.classes.get(func.id)
        return cls is not None and _module_name(interp, func, parents) and _plain_class(interp, cls)
    if type(func) is not ast.Attribute:
        return False
    name = func.attr
    if name in _setters(interp.scope):
        return _all_setters(interp.scope, name) and _new_object(interp, func.value, parents, depth + 1, assumed)
    owner = func.value
    if not (is_super_call(owner) and _super_chain(interp, owner, parents)
            or type(owner) is ast.Name and owner.id in interp.scope.classes and _module_name(interp, owner, parents)
            and _plain_class(interp, interp.scope.classes[owner.id])
            or _new_object(interp, owner, parents, depth + 1, assumed)):
        return False
    return name in assumed or _returns_new(interp, name, parents, depth + 1, assumed | {name})


def _all_setters(scope, name: str) -> bool:
    return not name.startswith("__") and all(setter_update(member) is not None for cls in scope.classes.values() for member in cls.body
               if isinstance(member, DEFS) and member.name == name) and _bound_as_defs(scope, name)


def _bound_as_defs(scope, name: str) -> bool:
    """No class binds `name` other than by a def, no code stores or binds it as an attribute."""
    return all(class_bindings(cls).unique_function(name) is not None or not class_bindings(cls).binds(name)
               for cls in scope.classes.values()) \
        and not any(type(node.ctx) is not ast.Load and node.attr == name for node in nodes_of_type(scope.tree, ast.Attribute))


def _returns_new(interp, name: str, parents, depth: int, assumed: frozenset[str]) -> bool:
    """Every def named `name` in the module is a method whose every return gives a new object,
    taking the names in `assumed` to do so (a return of one of them, as `super().HParams()` in an
    override of `HParams`, gives what some other return gives, and a first one must be new)."""
    scope = interp.scope
    methods = [member for cls in scope.classes.values() for member in cls.body
               if isinstance(member, DEFS) and member.name == name]
    if not methods or not _bound_as_defs(scope, name) or _dynamic_names(interp, name):
        return False
    for method in methods:
        if isinstance(method, ast.AsyncFunctionDef) or method_kind(method) not in ("plain", "class", "static") \
                or any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in body_nodes(method)):
            return False
        returns = [node for node in body_nodes(method) if type(node) is ast.Return]
        if not returns or not all(node.value is not None and _new_object(interp, node.value, parents, depth, assumed)
                                  for node in returns):
            return False
    return True


def _module_name(interp, name: ast.Name, parents) -> bool:
    """`name` is read as the module's binding: no enclosing def binds it, the module binds it once."""
    scope = interp.scope
    node, in_function = parents.get(id(name)), False
    while node is not None:
        if isinstance(node, (*DEFS, ast.Lambda)):
            if scope.locals_of(node).binds(name.id):
                return False
            in_function = True
        if type(node) is ast.ClassDef and not in_function and class_bindings(node).binds(name.id):
            return False  # read in the class body itself (a def's body does not see the class's names)
        node = parents.get(id(node))
    return scope.globals.unique_value(name.id) is None and scope.globals.unique_function(name.id) is None \
        and name.id not in scope.volatile


def _super_chain(interp, call: ast.Call, parents) -> bool:
    """`super()` in a method of a module class whose bases Python searches are the module's own."""
    node = parents.get(id(call))
    while node is not None and not isinstance(node, DEFS):
        node = parents.get(id(node))
    cls = parents.get(id(node)) if node is not None else None
    return type(cls) is ast.ClassDef and _plain_class(interp, cls)


def _plain_class(interp, cls: ast.ClassDef) -> bool:
    """A module class whose construction makes a new object nothing else holds."""
    chain = class_chain(interp.scope, cls)
    if chain is None or interp.scope.classes.get(cls.name) is not cls:
        return False
    for klass in chain:
        if klass.decorator_list or klass.keywords or any(isinstance(member, DEFS) and member.name == "__new__"
                                                         for member in klass.body):
            return False
        for member in klass.body:
            if isinstance(member, DEFS) and member.name == "__init__" and not _keeps_nothing(member):
                return False
    return True


def _keeps_nothing(init: ast.AST) -> bool:
    """An `__init__` that uses the object only to store attributes on it (or to run a base's
    `__init__`), so it hands the object to no one."""
    params = positional_params(init.args)
    if not params:
        return False
    own = params[0].arg
    parents = {id(child): node for node in ast.walk(init) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(init):
        if type(node) is ast.Name and node.id == own and node is not params[0]:
            holder = parents.get(id(node))
            if type(holder) is not ast.Attribute:
                return False
            if type(holder.ctx) is ast.Load and not (holder.attr == "__dict__" and type(parents.get(id(holder))) is ast.Attribute
                                                     and parents[id(holder)].attr == "update"):
                return False
    return True


class FluentSetters:
    """Interpreter hook: a setter called on an object whose fields are known."""

    def call(self, callee, expr, args, keywords, starred, frame) -> Value:
        if isinstance(callee, Function) and setter_update(callee.node) is not None and len(args) == 1 and not starred:
            callee, args = Partial(callee, (args[0][0],), ()), []  # `HParams.set(p, ...)`: the def on `p`
        if not (isinstance(callee, Partial) and isinstance(callee.func, Function) and len(callee.args) == 1
                and not callee.keywords and setter_update(callee.func.node) is not None):
            return super().call(callee, expr, args, keywords, starred, frame)
        return self._setter_call(callee, expr, args, keywords, starred, frame)

    def _updated(self, callee, args, keywords, starred) -> Value:
        receiver = callee.args[0]
        if type(receiver) is not Instance or receiver.fields is None or receiver.building or args:
            return UNKNOWN
        given = {name: value for name, (value, _) in keywords.items()}
        if starred and starred != SPREAD:
            return UNKNOWN
        chain = class_chain(self.scope, receiver.cls)
        if chain is None or any(class_bindings(klass).binds(name) for klass in chain for name in given):
            return UNKNOWN  # `__dict__.update` bypasses a property or method a later read would still find
        order = receiver.order + tuple(name for name in given if name not in receiver.order) \
            if receiver.order is not None else None  # `dict.update` keeps a key where it was
        return Instance(receiver.cls, tuple(sorted({**dict(receiver.fields), **given}.items())), order=order)

    def _setter_call(self, callee, expr, args, keywords, starred, frame) -> Value:
        result = self._updated(callee, args, keywords, starred)
        holder = setter_receiver(self, expr) if expr is not None else None
        if type(holder) is ast.Name and holder.id in frame.vars and held_alone(self, expr, self._parent_map()):
            frame.vars[holder.id] = result  # the statement `p.set(...)` of a run: `p` holds the object changed
        return result


def known_order(interp, owner: Instance) -> bool:
    """The order `owner` carries is its `__dict__`'s: the object's fields are its attributes and
    no code changes attributes of objects in place by name (a setter only on new objects)."""
    from codemods.analysis.field_changers import Everything

    return owner.order is not None and set(owner.order) == {name for name, _ in owner.fields} \
        and not isinstance(interp._field_changers(), Everything)
