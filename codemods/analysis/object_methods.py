"""Methods of an object of a module class found the way Python finds them, and the reads of such
an object that can never call it: a PyTorch- or Keras-style module is called as `layer(x)`, and
its `__call__` is often not written in its own class body.

- Through the class chain: `class Linear(Module)` whose base's `__call__` runs
  `self.forward(*args)`, looked up in the class, then in its module bases (single inheritance
  only; a base the module does not define, a metaclass or several bases leave it unknown).
- Through an alias in the class body: `__call__ = forward` (the def bound once in that body).
- Reads that cannot reach the object's `__call__`: `layer.state_dict()`, `net.tasks`, when no
  method of the chain lets its receiver go anywhere but `self.attr` (so no field, property or
  method can hand the object on, or call it) and no class attribute may be a descriptor;
  `isinstance(layer, Dense)`; a call in the branch such a test rules out for the object's class.
- Objects handed to a container's constructor (`Sequential([Dense(), Export()])`) that its
  `__init__` only stores in a field: that field holds them (instances.py follows its reads).
- `isinstance(obj, C)` of an object of a module class and module classes, when the bases and
  metaclasses involved are all known.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.class_flows import reached_constructions
from codemods.analysis.named_reads import reads_by_computed_name
from codemods.analysis.nodes import DEFS, FunctionNode, last_name, nodes_of_type, positional_params
from codemods.analysis.syntax import assigned_names
from codemods.analysis.scopes import ModuleScope, bindings_of, method_kind
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


_BUILD_HOOKS = ("__init__", "__post_init__", "__new__", "__setattr__", "__init_subclass__", "__getattr__",
                "__getattribute__", "__slots__")
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


def never_called(scope, method: FunctionNode) -> bool:
    """No code of the module can run the method: no attribute of its name is read, no string
    spells it, and nothing reads attributes by a computed name (`getattr`, `vars`, `__dict__`)."""
    name = method.name
    tree = scope.tree
    return not any(node.attr in (name, "__dict__") for node in nodes_of_type(tree, ast.Attribute)) \
        and not any(type(node.value) is str and node.value == name for node in nodes_of_type(tree, ast.Constant)) \
        and not reads_by_computed_name(scope, {name})  # (named_reads.py)
