"""Reads of an object of a module class that can never call it (object_methods.py; issue 13):
`layer.state_dict()`, `net.tasks`, when no method of the class chain lets its receiver go anywhere
but `self.attr` (so no field, property or method can hand the object on, or call it) and no class
attribute may be a descriptor; `isinstance(layer, Dense)`; a call in the branch such a test rules
out for the object's class. Also the objects handed to a container's constructor
(`Sequential([Dense(), Export()])`) that its `__init__` only stores in a field, or that a
`default_factory` makes: that field holds them (instances.py follows its reads).

It exists apart from object_methods.py (finding a method the way Python finds it) because proving
that a read never calls the object is about where the object may go, not about lookup: a new way
an object is confined touches only this."""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.class_flows import reached_constructions
from codemods.analysis.nodes import DEFS, FunctionNode, last_name, nodes_of_type, positional_params
from codemods.analysis.syntax import assigned_names
from codemods.analysis.scopes import ModuleScope, method_kind
from codemods.analysis.user_decorators import files_class
from codemods.analysis.object_methods import class_bindings, class_chain, class_method, instance_test
from codemods.analysis.values import ClassValue, Instance

# Construction hooks: a dataclass binding one may set its fields otherwise than as given.
_BUILD_HOOKS = ("__init__", "__post_init__", "__new__", "__setattr__", "__init_subclass__", "__getattr__",
                "__getattribute__", "__slots__")


class ObjectReads:
    """Reads of an object of a module class that never call it (mixed into the Interpreter,
    which supplies scope, the parent map and the class tables)."""

    def own_array_reads(self, method: FunctionNode) -> set[int]:
        """Reads of the method's own name in its own code (no nested def or lambda) whose every
        evaluation met an array (`self._block_sums(x).sum(axis=1)` in `def sum(self, x)`): such
        code runs only in the method's runs, and there it called the array's method, never this
        one (a read never evaluated is not counted)."""
        parents = self._parent_map()
        found = set()
        for node in nodes_of_type(method, ast.Attribute):
            if node.attr != method.name or not self.array_reads.get(id(node), False):
                continue
            owner = parents.get(id(node))
            while owner is not None and not isinstance(owner, DEFS + (ast.Lambda,)):
                owner = parents.get(id(owner))
            if owner is method:
                found.add(id(node))
        return found

    def objects_analysed(self, classes: list[ast.ClassDef] | None, function: FunctionNode, analysed: set[int]) -> bool:
        """A `__call__` (own, aliased or inherited) is judged when every object that may run it
        was analysed: each class running it is constructed only where analysed (or never), one
        of them is, and the def's other name (`.forward`) is read only where analysed."""
        if not classes:
            return False
        constructed = False
        for cls in classes:
            calls = reached_constructions(self, cls)  # (class_flows.py)
            if calls is None:
                return False
            if calls:
                constructed = True
                if not self._instances_analysed(cls, analysed):
                    return False
        aliased = function.name != "__call__"
        return constructed and (not aliased or all(id(node) in analysed for node in nodes_of_type(self.scope.tree, ast.Attribute)
                                                   if node.attr == function.name))

    def _copied(self, value: ast.expr, read: ast.Name) -> bool:
        """`list(stages)` / `tuple(stages)` of the builtins: a copy holding the same objects."""
        return type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in ("list", "tuple") \
            and value.args == [read] and not value.keywords and not self.scope.globals.binds(value.func.id) \
            and value.func.id not in self.scope.imports.bindings

    def stored_by_constructor(self, held: ast.expr) -> tuple[ast.Attribute | None, bool]:
        """`Sequential([Dense(), Export()])`: what is handed to the constructor of a module class
        whose __init__ reads that parameter once, to store it in a field (`self.layers = layers`):
        the field holds it (the `self.layers` target). True beside it when the parameter is the
        star one (`Sequential(Dense(), Export())` into `*layers`): the field holds a sequence
        of what was handed, as a list literal would."""
        parents = self._parent_map()
        call, keyword = parents.get(id(held)), None
        if type(call) is ast.keyword:
            call, keyword = parents.get(id(call)), call.arg
        if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func.id not in self.scope.classes \
                or any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
            return None, False
        container = self.scope.classes[call.func.id]
        if class_chain(self.scope, container) is None or class_method(self.scope, container, "__setattr__") is not None:
            return None, False  # a `__setattr__` (torch's nn.Module has one) may keep the value elsewhere
        init = class_bindings(container).unique_function("__init__")
        if init is None and class_method(self.scope, container, "__init__") is None:
            return self._field_given(call, held, keyword, container), False
        params = positional_params(init.args) if init is not None and method_kind(init) == "plain" else []
        if not params:
            return None, False
        star = False
        if keyword is None:
            index = next((i for i, arg in enumerate(call.args) if arg is held), None)
            name = params[index + 1].arg if index is not None and index + 1 < len(params) else None
            if index is not None and name is None and init.args.vararg is not None:
                name, star = init.args.vararg.arg, True
        else:  # (`**kwargs` handed on to a base's `__init__`)
            from codemods.analysis.kwargs_bases import keyword_owner  # (it reads super calls, which read this module)

            owner = keyword_owner(self.scope, container, init, keyword)
            init, params, name = (owner[0], owner[1], keyword) if owner is not None else (init, params, None)
        reads = [node for node in nodes_of_type(init, ast.Name) if node.id == name]
        stmt = next((stmt for stmt in init.body if type(stmt) is ast.Assign and len(reads) == 1
                     and (stmt.value is reads[0] or self._copied(stmt.value, reads[0]))), None)
        if stmt is None or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Attribute:
            return None, False
        target = stmt.targets[0]
        return (target, star) if type(target.value) is ast.Name and target.value.id == params[0].arg else (None, False)

    def _field_given(self, call: ast.Call, held: ast.expr, keyword: str | None, cls: ast.ClassDef) -> ast.Attribute | None:
        """`Projection(dropout=Dropout(0.2))` of a dataclass whose generated __init__ stores each
        argument in its field as it is (no `__post_init__`, `__new__` or `__setattr__` up the
        chain, no field converter): the field holds it."""
        fields = self.dataclass_fields(cls)
        if fields is None:
            return None
        if keyword is None:
            index = next((i for i, arg in enumerate(call.args) if arg is held), None)
            name = fields[index] if index is not None and index < len(fields) and self.class_facts(cls).positional \
                else None
        else:
            name = keyword if keyword in fields else None
        return None if name is None else ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=name,
                                                      ctx=ast.Store())

    def made_by_default_factory(self, held: ast.expr) -> ast.Attribute | None:
        """`dropout: Dropout = field(default_factory=lambda: Dropout(0.1))` of a dataclass whose
        fields `dataclass_fields` knows: the object is held by that field of each instance built
        without it."""
        parents = self._parent_map()
        made_by = parents.get(id(held))
        keyword = parents.get(id(made_by))
        declared = parents.get(id(parents.get(id(keyword))))
        if type(made_by) is not ast.Lambda or made_by.body is not held or type(keyword) is not ast.keyword \
                or keyword.arg != "default_factory" or type(declared) is not ast.AnnAssign \
                or type(declared.target) is not ast.Name or declared.value is not parents.get(id(keyword)):
            return None
        cls = parents.get(id(declared))
        if type(cls) is not ast.ClassDef or self.scope.classes.get(cls.name) is not cls \
                or self.scope.resolve(declared.value.func, ()) != "dataclasses.field":
            return None
        fields = self.dataclass_fields(cls)
        if fields is None or declared.target.id not in fields:
            return None
        return ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=declared.target.id, ctx=ast.Store())

    def dataclass_fields(self, cls: ast.ClassDef) -> tuple[str, ...] | None:
        """The fields, in order, whose generated __init__ sets them as given: a chain of plain
        `@dataclass` classes of the module, with no construction hook."""
        chain = class_chain(self.scope, cls)
        if chain is None:
            return None
        for klass in chain:
            if not klass.decorator_list or any(self.scope.resolve(d.func if type(d) is ast.Call else d, ())
                                               != "dataclasses.dataclass" for d in klass.decorator_list):
                return None
            if any(class_bindings(klass).binds(hook) for hook in _BUILD_HOOKS):
                return None
        facts = self.class_facts(cls)
        if not facts.constructible or facts.init is not None or facts.opaque:
            return None
        return facts.fields

    def read_cannot_call(self, read: ast.expr, cls: ast.ClassDef) -> bool:
        """`obj.field` or `obj.method(...)` loaded (never stored), no dunder, of a class whose
        methods use their receiver only as `self.attr`; `isinstance(obj, ...)`."""
        parent = self._parent_map().get(id(read))
        if type(parent) is ast.Call and parent.args[:1] == [read] and type(parent.func) is ast.Name \
                and parent.func.id == "isinstance" and not self.scope.globals.binds("isinstance") \
                and "isinstance" not in self.scope.imports.bindings:
            return True
        if type(read) is ast.Name and self._branch_not_taken(read, cls):
            return True
        if type(parent) is not ast.Attribute or parent.value is not read or type(parent.ctx) is not ast.Load \
                or parent.attr.startswith("__"):
            return False
        key = ("confined", id(cls))
        if key not in self._class_tables:
            self._class_tables[key] = _receiver_confined(self.scope, cls)
        return self._class_tables[key]


    def method_calls_analysed(self, read: ast.expr, cls: ast.ClassDef, analysed: set[int]) -> bool:
        """`self.norm.apply(x)`, an analysed call of a plain method of the object's class, whose
        methods use the object only for fields and to call it (`return self(x)`), each such call
        analysed: whatever the method runs on the object ran where the analysis saw it."""
        parents = self._parent_map()
        attribute = parents.get(id(read))
        call = parents.get(id(attribute))
        if type(attribute) is not ast.Attribute or attribute.value is not read or type(attribute.ctx) is not ast.Load \
                or attribute.attr.startswith("__") or type(call) is not ast.Call or call.func is not attribute:
            return False
        method = class_method(self.scope, cls, attribute.attr)
        if method is None or method_kind(method) != "plain" \
                or id(attribute) not in self.analysed_refs.get(id(method), set()):
            return False
        key = ("self calls", id(cls))
        if key not in self._class_tables:
            self._class_tables[key] = _receiver_uses(self.scope, cls)
        calls = self._class_tables[key]
        return calls is not None and all(id(node) in analysed for node in calls)

    def _branch_not_taken(self, read: ast.Name, cls: ast.ClassDef) -> bool:
        """`layer(x, p) if isinstance(layer, Dense) else layer(x, c)`: a read in the branch an
        `isinstance` test of the same name rules out for objects of `cls` (an `if` statement
        only when neither branch rebinds the name)."""
        parents = self._parent_map()
        child, node = read, parents.get(id(read))
        while node is not None and not isinstance(node, DEFS + (ast.Lambda, ast.Module)):
            if type(node) in (ast.If, ast.IfExp) and child is not node.test:
                taken = self._isinstance_answer(node.test, read.id, cls)
                in_body = child is node.body or type(node) is ast.If and any(child is stmt for stmt in node.body)
                rebinds = type(node) is ast.If and read.id in assigned_names(node.body + node.orelse)
                if taken is not None and not rebinds and in_body is not taken:
                    return True
            child, node = node, parents.get(id(node))
        return False

    def _isinstance_answer(self, test: ast.expr, name: str, cls: ast.ClassDef) -> bool | None:
        """What `isinstance(name, C)` (or its `not`) gives for an object of `cls`, C a module class."""
        negated = type(test) is ast.UnaryOp and type(test.op) is ast.Not
        call = test.operand if negated else test
        if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func.id != "isinstance" \
                or len(call.args) != 2 or call.keywords or type(call.args[0]) is not ast.Name or call.args[0].id != name \
                or type(call.args[1]) is not ast.Name or call.args[1].id not in self.scope.classes \
                or self.scope.globals.binds("isinstance") or "isinstance" in self.scope.imports.bindings:
            return None
        answer = instance_test(self.scope, Instance(cls), ClassValue(self.scope.classes[call.args[1].id]))
        return None if answer is None else answer.value is not negated


def _receiver_confined(scope: ModuleScope, cls: ast.ClassDef) -> bool:
    return _receiver_uses(scope, cls) == []


def _receiver_uses(scope: ModuleScope, cls: ast.ClassDef) -> list[ast.Name] | None:
    """The `self(...)` calls of the methods up the class chain, when those methods use their
    receiver otherwise only as `self.attr` (None when it may go anywhere else)."""
    chain = class_chain(scope, cls)
    if chain is None:
        return None
    calls = []
    for klass in chain:
        if any(last_name(getattr(decorator, "func", decorator)) != "dataclass" and not files_class(scope, decorator)
               for decorator in klass.decorator_list):
            return None  # a decorator may replace the class (one that only files it returns it as written)
        bindings = class_bindings(klass)
        for member in klass.body:
            if not isinstance(member, DEFS):
                if not _inert(member, bindings, scope):
                    return None  # a class attribute may be a descriptor, handed the object on each read
                continue
            kind = method_kind(member)
            if kind is None:
                return None  # a decorator may hand the object anywhere
            params = positional_params(member.args)
            if kind in ("static", "class") or not params:
                continue
            receiver = params[0].arg
            # `self.__call__` handed on counts too: every `.__call__` read of the module was
            # analysed where it is used before this is asked (Instances._instances_analysed)
            used_as_value = {id(node.value) for node in nodes_of_type(member, ast.Attribute)
                             if not node.attr.startswith("__")
                             or node.attr == "__call__" and type(node.ctx) is ast.Load}
            used_as_value |= {id(node) for node in handed_as_bodies(scope, member, receiver)}  # likewise
            called = {id(node.func): node.func for node in nodes_of_type(member, ast.Call)
                      if type(node.func) is ast.Name and node.func.id == receiver}
            for node in nodes_of_type(member, ast.Name):
                if node.id == receiver and isinstance(node.ctx, ast.Load) and id(node) not in used_as_value:
                    if id(node) not in called:
                        return None
                    calls.append(node)
    return calls


def handed_as_bodies(scope: ModuleScope, method: FunctionNode, receiver: str) -> list[ast.Name]:
    """Reads of the receiver a method hands to shard_map as the body (`jax.shard_map(self, ...)`):
    a call of the object's `__call__`, as `self.__call__` is (body_resolution.own_call)."""
    found = []
    for call in nodes_of_type(method, ast.Call):
        first = call.args[0] if call.args else None
        if type(first) is ast.Name and first.id == receiver and isinstance(first.ctx, ast.Load) \
                and scope.resolve(call.func, ()) in jaxapi.SHARD_MAP_APIS:
            found.append(first)
    return found


_INERT_NODES = (ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.Load, ast.Store, ast.Expr, ast.Assign,
                ast.Pass, ast.Subscript)


def _inert(stmt: ast.stmt, bindings, scope: ModuleScope) -> bool:
    """A class-body statement whose values are constants, displays of them, names of the body's
    own defs and values, or module names bound to a constant (no call: no descriptor, no object
    that could get `self`); an annotation is not evaluated into the class's attributes."""
    if type(stmt) is ast.ClassDef:
        return True
    if type(stmt) is ast.AnnAssign:
        stmt = ast.Expr(stmt.value) if stmt.value is not None else ast.Pass()
    for node in ast.walk(stmt):
        if type(node) is ast.Name:
            if isinstance(node.ctx, ast.Load) and not bindings.binds(node.id) \
                    and not isinstance(scope.globals.unique_value(node.id), ast.Constant):
                return False
        elif not isinstance(node, _INERT_NODES):
            return False
    return True
