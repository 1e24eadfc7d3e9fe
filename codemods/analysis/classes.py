"""How the interpreter reads objects of the module's own classes: class attributes and methods
through the class, `cls`, `type(self)` or `self`, and instance fields that a constructor sets
(dataclass-like fields with defaults, `self.axis = axis` in `__init__`), as trainer code keeps
its axis names (`self.axis`, `cfg.axes.data` with a module-level config instance).

A field is known only when nothing else can change it: no code of the module stores that
attribute outside `__init__` and nothing uses `setattr` or `__dict__` (a copy, `replace` or
equinox's `tree_at`, may differ; the object copied keeps its fields). Read through `self`, a
field is known when every construction of the class in the file gives it the same constant
(the class's name is used only to construct it). What a constructor sets is read from the
class's code in class_facts.py."""
from __future__ import annotations

from typing import TYPE_CHECKING
import ast

from codemods.analysis.hint_kinds import note_hints
from codemods.analysis.attr_dicts import own_namespaces
from codemods.analysis.changed_classes import rebuilt
from codemods.analysis.class_facts import ClassFacts, init_store_targets, read_class
from codemods.analysis.class_families import ClassFamilies
from codemods.analysis.descriptors import taken_over
from codemods.analysis.dataclass_subclasses import field_default
from codemods.analysis.class_refs import harmless_references
from codemods.analysis.class_registries import bound_first, registry_constructions
from codemods.analysis.cli_args import spread_vars
from codemods.analysis.repr_vars import class_name_reads
from codemods.analysis.field_changers import AnyCopied, Everything, dataclass_copy, never_dataclass
from codemods.analysis.fluent_setters import fluent_nodes, keyword_order
from codemods.analysis.fn_values import class_body_value, finished_field, fixed_function, same_function
from codemods.analysis.keyword_pops import popping_init, read_expr, take_pops
from codemods.analysis.namespace_copies import copied_namespaces
from codemods.analysis.nested_classes import inner_class
from codemods.analysis.nodes import (DEFS, FunctionDef, FunctionNode, all_param_names, iter_nodes, iter_with_scopes,
                                     last_name, nodes_of_type, positional_params, stored_of_type)
from codemods.analysis.meta_calls import meta_calls
from codemods.analysis.class_news import built_by_new
from codemods.analysis.init_reruns import construction_inits
from codemods.analysis.init_decorators import fed_keywords
from codemods.analysis.init_changes import changed_in_init
from codemods.analysis.init_hooks import InitHooks, kwargs_store, read_post_init
from codemods.analysis.classmethod_receivers import builds_only_others
from codemods.analysis.init_wrappers import init_wrappers, wrapped_arguments
from codemods.analysis.init_stores import store_order, stored_value
from codemods.analysis.base_first import base_stores, first_fields, own_targets, super_first, visible
from codemods.analysis.lookup_hooks import read_only_dicts
from codemods.analysis.method_aliases import aliased_def
from codemods.analysis.method_fields import later_field
from codemods.analysis.mutation import changed_in_other_scopes, iterated_only, mutated_names
from codemods.analysis.unchanged_keys import changed_in_place
from codemods.analysis.agreeable import agreeable, agreeable_table
from codemods.analysis.own_setattrs import hooked_class, passing_references
from codemods.analysis.object_methods import (class_bindings, class_chain, class_method, inherited_binding, never_called)
from codemods.analysis.patched_functions import defaults_patched
from codemods.analysis.pyvalues import SPREAD, MeshValue
from codemods.analysis.scopes import method_kind
from codemods.analysis.user_decorators import files_class
from codemods.analysis.values import UNKNOWN, ClassValue, Const, Function, Instance, Partial, TupleValue, Value, \
    same_value, settled

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

# Calls that change an object's fields by name, or any attribute: their presence makes fields unknown.
_ANY_FIELD = frozenset({"setattr", "__setattr__", "__dict__", "vars", "__class__", "__init__"})  # (`p.__init__(...)` again: init_reruns.py)
_NAMED_FIELD = frozenset({"replace", "_replace", "evolve", "clone", "copy", "model_copy"})
_NESTED_SCOPES = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _patcher(call: ast.Call) -> bool:
    """`mock.patch.object(obj, name, ...)`, `mocker.patch.multiple(obj, name=...)`: an attribute
    replaced by name for a while."""
    func = call.func
    if type(func) is not ast.Attribute or func.attr not in ("object", "multiple"):
        return False
    owner = func.value
    return (type(owner) is ast.Attribute and owner.attr == "patch") or (type(owner) is ast.Name and owner.id == "patch")


class Classes(InitHooks, ClassFamilies):
    """The class half of the Interpreter (which supplies eval, scope and the frames)."""

    _wrappers: dict[str, FunctionDef] | None = None  # the module's `__init__` wrappers, read once

    def _receiver_of(self, function: FunctionNode) -> Value | None:
        """What the first parameter of a method of a class no other class of the module extends
        stands for: an instance of it (a plain method) or the class (a classmethod)."""
        cls = self.scope.class_of(function)
        if cls is not None and self.scope.subclassed(cls):
            return self.family_receiver(function, cls)  # an object of it or of a subclass (class_families.py)
        if cls is None:
            return None
        kind = method_kind(function)
        if kind == "plain":
            return Instance(cls)
        return ClassValue(cls) if kind == "class" else None

    def class_attribute(self, receiver: ClassValue | Instance, attr: str) -> Value:
        """A class attribute, method or instance field read through the class or an instance."""
        cls = receiver.cls
        facts = self.class_facts(cls)
        if isinstance(receiver, Instance) and (any(class_bindings(klass).binds("__getattribute__") for klass in class_chain(
                self.scope, cls) or ()) or facts.sets(attr) and taken_over(self.scope, cls, attr, facts.fields)):
            return UNKNOWN  # `__getattribute__`, or a descriptor that may take a stored field's place, runs (descriptors.py)
        if isinstance(receiver, Instance) and attr not in facts.opaque \
                and (later := later_field(self, receiver, attr)) is not None:
            return later  # `self.theta_` that `fit` stored, `self.hooks` after `add_hook` (method_fields.py)
        if attr in facts.opaque or self._stored_elsewhere(facts, attr) or changed_in_place(self.scope.tree, "." + attr) \
                or rebuilt(self.scope.tree, cls, attr):  # (a decorator, a metaclass, a class body's `del`)
            return UNKNOWN
        if isinstance(receiver, Instance) and receiver.building and (facts.sets(attr) or facts.kwargs_loop is not None):
            early = dict(receiver.fields or ()).get(attr) if facts.kwargs_loop is None and attr not in facts.hook_stores \
                and (facts.base is None or not facts.base.sets(attr) or super_first(facts)) else None
            changers = self._field_changers(cls)  # a field read in __init__ may be read before it is stored
            return early if early is not None and attr not in changers and "*" not in changers else UNKNOWN
        if isinstance(receiver, Instance) and (facts.sets(attr) or self._keyword_field(facts, receiver, attr)):
            changers = self._field_changers()
            # A copy by name (`replace(cfg, axis=...)`) is a new object: the fields of this one,
            # known from its construction, stay; only setattr and the like change them in place.
            if attr in changers and (receiver.fields is None or "*" in changers or attr in self._removed):
                return UNKNOWN
            found = dict(receiver.fields).get(attr, UNKNOWN) if receiver.fields is not None else self._agreed_field(facts, attr)
            return finished_field(self, found, receiver)  # `self.act = lambda v: v / self.scale` (fn_values.py)
        bindings = class_bindings(cls)
        function = bindings.unique_function(attr)
        if function is None and (not bindings.binds(attr) or type(bindings.unique_value(attr)) is ast.Name):
            function = class_method(self.scope, cls, attr)  # inherited, or `__call__ = forward`
        if isinstance(function, DEFS):
            kind = method_kind(function)
            if kind is None:
                return UNKNOWN
            method = Function(function, self.module_frame)
            if kind == "property":  # `cfg.data_axis` computed from the object's own fields
                result = self.run_function(function, [receiver], {}, self.module_frame) \
                    if isinstance(receiver, Instance) else None
                return UNKNOWN if result is None else self.read_property(function, result)  # (property_reads.py)
            if kind == "class":
                return Partial(method, (ClassValue(cls),), (), (cls,))
            if isinstance(receiver, Instance) and kind == "plain":
                return Partial(method, (receiver,), (), (cls,))
            return method
        if isinstance(function, ast.Lambda):  # `scale = lambda self, v: ...`: a method (a lambda sees no class names)
            return UNKNOWN if self._shadowed(receiver) else class_body_value(self, receiver, function, self.module_frame)
        if (aliased := aliased_def(cls, attr)) is not None:
            return self.class_attribute(receiver, aliased.name)  # `__call__ = forward` (method_aliases.py)
        if (inner := inner_class(self.scope, cls, attr)) is not None:
            return ClassValue(inner)  # `Trainer.Ops` (nested_classes.py)
        if not bindings.binds(attr) and (inherited := inherited_binding(self.scope, cls, attr)) is not None:
            cls, bindings = inherited  # a class attribute of a base class, read through a subclass
        value = bindings.unique_value(attr)
        if value is None or self._shadowed(receiver):
            return UNKNOWN
        own = {node.id for node in iter_nodes(value) if type(node) is ast.Name and bindings.binds(node.id)}
        frame = self._class_body_frame(cls, bindings, value, own) if own else self.module_frame
        if frame is None:
            return UNKNOWN  # names of the class body not followed here
        return class_body_value(self, receiver, field_default(value), frame)  # bound, static, class (fn_values.py)

    def _shadowed(self, receiver: ClassValue | Instance) -> bool:
        """A class attribute the file may shadow or replace by name: read through an object when
        it uses `setattr`, `vars(obj)`, `obj.__dict__` (as fields); read through the class only
        when a `setattr`/`delattr` may get a class (anything but `self`: a class's `vars` and
        `__dict__` cannot be written, `object.__setattr__` rejects a class)."""
        if not isinstance(self._field_changers(), Everything):
            return False
        return isinstance(receiver, Instance) or any(
            (type(node.func) is ast.Name and node.func.id in ("setattr", "delattr") or self._patches_own(node)) and node.args
            and not (type(node.args[0]) is ast.Name and node.args[0].id == "self")
            for node in nodes_of_type(self.scope.tree, ast.Call))

    def _patches_own(self, call: ast.Call) -> bool:
        """A patcher given something of this file (not an imported module: `jax.lax`)."""
        return _patcher(call) and bool(call.args) and self.scope.resolve(call.args[0]) is None

    def _class_body_frame(self, cls: ast.ClassDef, bindings, value: ast.expr, names: set[str]):
        """`ALL = (DATA, MODEL)` in a class body reads the class's earlier attributes (each bound
        once, above it); a nested scope there (lambda, comprehension) would not see them."""
        from codemods.analysis.interpreter import Frame

        if any(isinstance(node, _NESTED_SCOPES) for node in iter_nodes(value)):
            return None
        frame = Frame(None, self.module_frame)
        for name in names:
            earlier = bindings.unique_value(name)
            if earlier is None or earlier.lineno >= value.lineno:
                return None
            frame.vars[name] = self.class_attribute(ClassValue(cls), name)
        return frame

    def construct(self, receiver: ClassValue, args, keywords, starred) -> Value:
        """`Config(...)`: an instance whose constructor-set fields are evaluated from the call."""
        facts = self.class_facts(receiver.cls)
        if not facts.constructible or starred and starred != SPREAD:
            return UNKNOWN
        given = {name: value for name, (value, _) in keywords.items()}
        positional = [value for value, _ in args]
        fields: dict[str, Value] = {}
        if facts.init is not None:
            given = fed_keywords(self, receiver.cls, positional, given)  # a decorator may feed __init__
            if facts.wrapper is not None and given is not None:
                positional, given = wrapped_arguments(self, facts.wrapper, receiver.cls, positional, given) or (None, None)
            frame = self._init_frame(facts.init, positional, given, receiver.cls) if given is not None else None
            if frame is None:
                return UNKNOWN
            receiver_name, order = positional_params(facts.init.args)[0].arg, store_order(facts.init)
            early = first_fields(self, facts, frame, receiver.cls) if super_first(facts) else None  # (base_first.py)
            own = own_targets(facts) if early is not None else frozenset()
            for attr, expr in facts.stores.items():  # a statement reads the fields stored before it
                frame.vars[receiver_name] = Instance(receiver.cls, visible(early or {}, own, fields, order, attr), building=True)
                fields[attr] = stored_value(self, read_expr(facts.init, expr), frame)
            frame.vars[receiver_name] = Instance(receiver.cls, None, building=True)
            if not self._hook_fields(facts, receiver.cls, frame, fields):
                return UNKNOWN
            if early is not None:
                fields = {**{attr: UNKNOWN if attr in own else value for attr, value in early.items()}, **fields}
            elif facts.base is not None and not base_stores(self, facts, frame, fields):
                return UNKNOWN
        elif facts.fields:
            if len(positional) > len(facts.fields) or (positional and not facts.positional) \
                    or not set(given) <= set(facts.fields):
                return UNKNOWN
            given.update(zip(facts.fields, positional))
            for name in facts.fields:
                if name in given:
                    fields[name] = given[name]
                elif name in facts.defaults and not defaults_patched(self.scope.tree):  # (patched_functions.py)
                    default = field_default(facts.defaults[name])
                    computed = self.default_symbol(default, self.module_frame, name, receiver.cls) \
                        if receiver.cls in self.scope.tree.body else None  # `axis: str = os.environ[...]` (symbols.py)
                    fields[name] = computed if computed is not None else self.eval(default, self.module_frame)
                else:
                    return UNKNOWN
            if facts.hook_stores and not self._hook_fields(facts, receiver.cls, None, fields):
                return UNKNOWN  # `__post_init__`'s stores, read from the fields
        elif positional or given:
            return UNKNOWN
        return Instance(receiver.cls, tuple(sorted(fields.items())), order=keyword_order(facts, frame if facts.init else None))

    def _init_frame(self, init: FunctionDef, positional: list[Value], given: dict[str, Value],
                    cls: ast.ClassDef | None = None) -> Frame | None:
        """`cls`: the class constructed (None from a subclass's `super().__init__`, where `self`
        may read attributes the subclass overrides)."""
        from codemods.analysis.interpreter import Frame

        frame = Frame(None, self.module_frame, static_scopes=(init,))
        receiver = positional_params(init.args)[0].arg
        frame.vars[receiver] = UNKNOWN if cls is None else Instance(cls, None, building=True)
        params = init.args
        rest = ast.arguments(posonlyargs=[], args=positional_params(params)[1:], vararg=params.vararg,
                             kwonlyargs=params.kwonlyargs, kw_defaults=params.kw_defaults, kwarg=params.kwarg,
                             defaults=params.defaults)
        if not self._bind_params(rest, positional, given, frame):
            return None
        # A name changed only as another function's own variable (the caller's `layers`) is not the parameter;
        # an `__init__` that changes nothing itself reads its parameters as handed (init_changes.py).
        changed = self._locals_of(init) | {name for name in changed_in_init(self.scope, init)
                                           if not changed_in_other_scopes(self.scope, name, init)}
        for name in changed & set(frame.vars) - {popping_init(init)}:  # rebound or changed before a store reads it
            frame.vars[name] = UNKNOWN
        if popping_init(init) is not None:
            take_pops(self, init, frame)  # `kwargs.pop("mesh_axes", (...))` (keyword_pops.py)
        return frame

    def class_facts(self, cls: ast.ClassDef) -> ClassFacts:
        key = id(cls)
        if key not in self._class_tables:
            filed = frozenset(name for name, other in self.scope.classes.items() if other.decorator_list
                              and all(files_class(self.scope, d) for d in other.decorator_list))
            if self._wrappers is None:
                self._wrappers = init_wrappers(self.scope)
            note_hints(self.scope.tree)  # (what each class-body hint is to dataclasses, for read_class: hint_kinds.py)
            self._class_tables[key] = facts = read_class(cls, self.scope.classes, filed=filed, wrappers=self._wrappers)
            if hooked_class(self.scope.tree, cls, self._module_ancestors(cls)) or meta_calls(cls, self.scope.classes) \
                    or built_by_new(cls, self.scope.classes):
                self._class_tables[key] = facts = ClassFacts(cls, constructible=False)  # (own_setattrs.py, meta_calls.py, class_news.py)
            read_post_init(facts, self.scope)  # a dataclass's `self.norm = Norm(self.axis)` (init_hooks.py)
        return self._class_tables[key]

    def _stored_elsewhere(self, facts: ClassFacts, attr: str) -> bool:
        """Some code sets `attr` on an object other than in this class's __init__. The __init__ of
        another class of the module sets it on that class's own objects (`Config(axis='i')`
        beside `Block(axis=...)`), unless this class derives from it or some __init__ is called
        other than through `super()`."""
        allowed = {id(node) for node in init_store_targets(facts)}
        stores = self._attribute_stores().get(attr, ())
        if all(id(node) in allowed for node in stores):
            return False
        stores = [node for node in stores if id(node) not in self.config_store_targets()]  # a config's (attr_dicts.py)
        if self._init_called_directly():
            return True
        ancestors = self._module_ancestors(facts.cls)
        for other in self.scope.classes.values():
            if other is not facts.cls and other.name not in ancestors:
                allowed.update(id(node) for node in init_store_targets(self.class_facts(other)))
        return any(id(node) not in allowed for node in stores)

    def _init_called_directly(self) -> bool:
        return any(type(node) is ast.Attribute and node.attr == "__init__" and not (
            type(node.value) is ast.Call and type(node.value.func) is ast.Name and node.value.func.id == "super")
            for node in iter_nodes(self.scope.tree))

    def _module_ancestors(self, cls: ast.ClassDef) -> set[str]:
        """Names of the module's classes `cls` derives from (by the names its bases are written with)."""
        found: set[str] = set()
        pending = [cls]
        while pending:
            for base in pending.pop().bases:
                name = last_name(base)
                if name and name not in found:
                    found.add(name)
                    if name in self.scope.classes:
                        pending.append(self.scope.classes[name])
        return found

    def _attribute_stores(self) -> dict[str, list[ast.Attribute]]:
        if self._stores is None:
            self._stores = {}
            for node in stored_of_type(self.scope.tree, ast.Attribute):
                self._stores.setdefault(node.attr, []).append(node)
        return self._stores

    def _field_changers(self, cls: ast.ClassDef | None = None) -> frozenset[str]:
        """Field names some call may change by name (`replace(cfg, axis=...)`); every field when
        the module uses setattr and the like. For `cls`: less what only copies dataclasses gives."""
        if self._changers is None:
            names, self._copies, self._removed = set(), set(), set()
            spread = set(spread_vars(self.scope.tree))  # `Config(**vars(args))` reads, changes nothing
            for cls in self.scope.classes.values():  # the setattr of `for k, v in kwargs.items()`: fields known
                loop = self.class_facts(cls).kwargs_loop
                if loop is not None:
                    spread.add(kwargs_store(loop))
            spread |= read_only_dicts(self.scope.tree)  # a buildable's `__getattr__` (lookup_hooks.py)
            spread |= own_namespaces(self.scope.tree)  # an attribute dict's `self.__dict__ = self` (attr_dicts.py)
            spread |= class_name_reads(self.scope.tree)  # `f"{self.__class__} is abstract"` (repr_vars.py)
            spread |= copied_namespaces(self.scope.tree)  # `to_dict`'s `dict(self.__dict__)` (namespace_copies.py)
            spread |= passing_references(self.scope.tree) | construction_inits(self.scope.tree)  # `super().__setattr__(name, value)` in its own hook
            spread |= fluent_nodes(self)  # `HParams(...).set(axis=...)`: a setter on a new object (fluent_setters.py)
            spread |= getattr(self.scope.tree, "_shardfix_setter_stores", set())  # (kwargs_setters.py)
            for node in iter_nodes(self.scope.tree):
                kind = type(node)
                if (kind is ast.Name and node.id in _ANY_FIELD and id(node) not in spread) \
                        or (kind is ast.Attribute and node.attr in _ANY_FIELD and id(node) not in spread):
                    names.add("*")
                elif kind is ast.Call and type(node.func) is ast.Call and type(node.func.func) is ast.Name \
                        and node.func.func.id == "type":
                    names.add("**")  # `type(self)(axis=...)`: a new object (of any class: field_changers.py)
                elif kind is ast.Name and node.id == "tree_at" or kind is ast.Attribute and node.attr == "tree_at":
                    names.add("**")  # equinox's `tree_at(where, model, new)`: a changed copy
                elif kind is ast.Constant and type(node.value) is str and node.value in _ANY_FIELD \
                        or kind is ast.Attribute and node.attr in ("__set__", "__delete__"):
                    names.add("*")  # `getattr(plan, "__dict__")[k] = v`, a slot's `Plan.axes.__set__(plan, v)`
                elif kind is ast.Call and type(node.func) is ast.Name and node.func.id == "delattr":
                    named = node.args[1] if len(node.args) == 2 and not node.keywords else None
                    if isinstance(named, ast.Constant) and isinstance(named.value, str):
                        names.add(named.value)  # `delattr(plan, "axes")`: the class's value shows again
                        self._removed.add(named.value)
                    else:
                        names.add("*")
                elif kind is ast.Call and self._patches_own(node):
                    names.add("*")  # `mock.patch.object(Layout, "AXES", ...)` sets any attribute by name
                elif kind is ast.Call:
                    func = node.func
                    last = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                    if last in _NAMED_FIELD:  # `replace(cfg, **changes)`: a copy with any field changed
                        (self._copies if dataclass_copy(self.scope, node) else names).update(
                            keyword.arg or "**" for keyword in node.keywords)
            self._changers = frozenset(names)
        changers = self._changers if cls is not None and never_dataclass(self.scope, cls) else self._changers | self._copies
        if "*" in changers:
            return Everything()
        if "**" in changers:
            return AnyCopied()
        return changers

    def _agreed_field(self, facts: ClassFacts, attr: str) -> Value:
        """The constant every construction of the class in the file gives `attr`, or the one
        __init__ stores whatever it is given (`self.block = Block('i')`)."""
        fixed = self._fixed_store(facts, attr)
        if fixed is not None:
            return fixed
        constructions = self._constructions(facts.cls)
        if not constructions:
            return UNKNOWN
        agreed: Value | None = None
        for call, scopes, value in self._constructed_fields(facts.cls, constructions, attr):
            if fixed_function(value, self.module_frame):
                # a module def or lambda (`self.hook = HOOKS[name]`), a JAX function (`Head(jax.nn.relu)`),
                # a partial of one with constants: the same one from every construction (fn_values.py)
                if agreed is not None and not same_function(agreed, value):
                    return UNKNOWN
            elif not (agreeable(value) or agreeable_table(value, self.scope.tree)
                      or isinstance(value, TupleValue) and all(agreeable(item) for item in value.items)
                      and (iterated_only(self.scope.tree, attr) or "." + attr not in mutated_names(self.scope.tree))) \
                    or (agreed is not None and not same_value(agreed, value)):
                return UNKNOWN  # a constant, an object built with constants (`self.config.axis`), a mesh built in the file
            agreed = value
        return agreed if agreed is not None else UNKNOWN

    def _constructed_fields(self, cls: ast.ClassDef, constructions, attr: str):
        """(call, scopes, the value the object it builds holds in `attr`) for each way a
        construction may run: a registry entry `partial(Cls, "model")` binds its constants first."""
        for call, scopes in constructions:
            frame = self._static_frame(scopes)
            args, keywords, starred = self._eval_args(call, frame)
            for first, named in bound_first(self.scope, cls, call):
                given = [(self.eval(arg, self.module_frame), arg) for arg in first] + list(args)
                given_keywords = {**{keyword.arg: (self.eval(keyword.value, self.module_frame), keyword.value)
                                     for keyword in named}, **keywords}
                instance = self.construct(ClassValue(cls), given, given_keywords, starred)
                yield call, scopes, dict(instance.fields or ()).get(attr, UNKNOWN) if isinstance(instance, Instance) \
                    else UNKNOWN

    def _fixed_store(self, facts: ClassFacts, attr: str) -> Value | None:
        """What `self.attr = expr` at __init__'s top level stores when `expr` depends on none of
        __init__'s parameters: the same constant (or object built with constants) on every object."""
        from codemods.analysis.interpreter import Frame

        if facts.init is None or attr not in facts.stores:
            return None
        frame = Frame(None, self.module_frame, static_scopes=(facts.init,))
        for name in all_param_names(facts.init.args):
            frame.vars[name] = UNKNOWN
        value = self.eval(facts.stores[attr], frame)
        # `self.act = gelu`; `self.act = lambda v: ...` (its parameters' names read as unknown here)
        module_function = isinstance(value, Function) and (value.closure is self.module_frame or (
            isinstance(value.node, ast.Lambda) and value.closure is frame))
        return value if isinstance(value, (Const, MeshValue)) or settled(value) or module_function else None

    def _constructions(self, cls: ast.ClassDef) -> list[tuple[ast.Call, tuple]] | None:
        """Every construction of the class: calls by its name, `cls(...)` in its (or inherited) classmethods,
        `default_factory=Cls` (no arguments), when the name is used for nothing else (class
        attributes and classmethods read through it, annotations, `isinstance` and base lists
        aside); None otherwise."""
        key = ("constructions", id(cls))
        if key not in self._class_tables:
            calls, other = [], 0
            harmless = harmless_references(self.scope.tree, cls.name)
            for member in [member for klass in class_chain(self.scope, cls) or [cls] for member in klass.body]:
                params = positional_params(member.args) if isinstance(member, DEFS) else []
                if params and method_kind(member) == "class" and not never_called(self.scope, member) \
                        and not builds_only_others(self.scope, member, cls):  # (classmethod_receivers.py)
                    for node, scopes in iter_with_scopes(member):
                        if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == params[0].arg:
                            calls.append((node, scopes))
            for node, scopes in iter_with_scopes(self.scope.tree):
                if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == cls.name:
                    calls.append((node, scopes))
                    harmless.add(id(node.func))
                elif type(node) is ast.keyword and node.arg == "default_factory" \
                        and type(node.value) is ast.Name and node.value.id == cls.name:
                    calls.append((ast.Call(func=node.value, args=[], keywords=[]), ()))
                    harmless.add(id(node.value))
                elif type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id == cls.name:
                    harmless.add(id(node.value))  # `Trainer.create(...)`, `Trainer.AXIS`
            registry = registry_constructions(self.scope, cls)  # `MODELS[name](...)` (class_registries.py)
            if registry is None:
                other += 1
            else:
                calls.extend(registry[0])
                harmless |= registry[1]
            others = [node for node in iter_nodes(self.scope.tree)
                      if type(node) is ast.Name and node.id == cls.name and id(node) not in harmless]
            self._class_tables[("built", id(cls))] = (calls, others, not other)  # what class_flows.py follows on
            self._class_tables[key] = calls if not other and not others else None
        return self._class_tables[key] or []
