"""What the constructor of a module class sets on its instances, read once from the class's own
code: an explicit `__init__`'s top-level stores, a dataclass's generated fields and defaults, a
plain subclass constructed by its base, `super().__init__(...)` running one module base.

It exists apart from classes.py (which evaluates reads and constructions against these facts)
because reading a class's code needs no interpreter: the facts are a pure function of the tree,
and the rules that add a constructor shape (keyword loops, hooks, wrappers) touch only this."""
from __future__ import annotations

from dataclasses import field, replace
from codemods.dataclass_code import dataclass
import ast

from codemods.analysis.dataclass_subclasses import dataclass_subclass
from codemods.analysis.hint_kinds import FIELD, kept_kind
from codemods.analysis.guarded_stores import guarded_stores
from codemods.analysis.hook_marks import filing_hook, plain_keywords
from codemods.analysis.init_hooks import read_hooks
from codemods.analysis.init_stores import UNKNOWABLE, returns_early, stored_pairs
from codemods.analysis.init_wrappers import wrapped_init
from codemods.analysis.recorded_configs import record_config
from codemods.analysis.nodes import DEFS, FunctionDef, last_name, positional_params
from codemods.analysis.object_methods import inert_annotation, own_bases, plain_chain
from codemods.analysis.scopes import method_kind
from codemods.analysis.subclass_hooks import hooked_decorators
from codemods.analysis.super_calls import is_super_call


@dataclass
class ClassFacts:
    """What the constructor of a module class sets on its instances."""

    cls: ast.ClassDef
    init: FunctionDef | None = None  # an explicit __init__
    stores: dict[str, ast.expr] = field(default_factory=dict)  # `self.attr = expr` at __init__'s top level
    fields: tuple[str, ...] = ()  # generated constructor: annotated fields in order
    defaults: dict[str, ast.expr] = field(default_factory=dict)
    positional: bool = True  # positional constructor arguments map onto `fields`
    constructible: bool = True  # False: what a construction sets is not read here
    opaque: set[str] = field(default_factory=set)  # attributes objects may hold other values of
    # `super().__init__(...)` at __init__'s top level, with the facts of the one module base it runs
    base_call: ast.Call | None = None
    base: ClassFacts | None = None
    kwargs_loop: ast.For | None = None  # every keyword becomes a field (init_hooks.py)
    hook_stores: dict[str, tuple[FunctionDef, ast.expr]] = field(default_factory=dict)  # `self.setup()`'s
    hook_targets: list[ast.Attribute] = field(default_factory=list)
    wrapper: FunctionDef | None = None  # what a decorator puts in __init__'s place (init_wrappers.py)

    def sets(self, attr: str) -> bool:
        return attr in self.stores or attr in self.fields or attr in self.hook_stores \
            or self.init is not None and attr in guarded_stores(self.init) or self.base is not None and self.base.sets(attr)



def read_class(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], depth: int = 0,
                filed: frozenset[str] = frozenset(), wrappers: dict[str, FunctionDef] | None = None) -> ClassFacts:
    """An __init__ with odd parameters, or fields inherited from a class of the module: what a
    construction sets is not read (attributes stored by __init__ are then unknown: stored
    where no rule reads them). A plain subclass of one module class, with no __init__ or
    fields of its own, is constructed by the base's __init__ (`class MLP(Module)`); a decorator
    that only files the class in a table (`filed`, user_decorators.py) leaves it plain."""
    decorators = hooked_decorators(cls, classes)  # a base's `__init_subclass__` may decorate it (subclass_hooks.py)
    decorated = bool(decorators) and cls.name not in filed
    facts = ClassFacts(cls)
    inits = [member for member in cls.body if isinstance(member, DEFS) and member.name == "__init__"]
    local_bases = [base for base in cls.bases if isinstance(base, ast.Name) and base.id in classes]
    if not inits and len(cls.bases) == 1 and local_bases and not decorated and plain_keywords(cls) \
            and depth < 8 and not any(isinstance(stmt, ast.AnnAssign) and not inert_annotation(stmt, cls, classes) or isinstance(stmt, DEFS)
                                      and stmt.name in _CONSTRUCTION_HOOKS and not (stmt.name == "__init_subclass__" and filing_hook(cls))
                                      for stmt in cls.body):
        inherited = read_class(classes[local_bases[0].id], classes, depth + 1, filed, wrappers)
        if inherited.init is not None:
            facts.init, facts.stores, facts.wrapper = inherited.init, dict(inherited.stores), inherited.wrapper
            facts.constructible = inherited.constructible
            read_hooks(facts, cls, classes)
            return facts
        if inherited.init is None and (inherited.fields or plain_chain(classes[local_bases[0].id], classes, filed)):
            return dataclass_subclass(cls, inherited, classes) if inherited.fields else facts  # a dataclass base's, or none
    if not inits and not decorated and len(own_bases(cls)) > 1 and plain_chain(cls, classes, filed):
        return facts  # mixins with no __init__ or field in any class Python searches
    generated = bool(decorated or own_bases(cls))
    facts.wrapper = wrapped_init(inits[0], wrappers or {}) if len(inits) == 1 else None
    if len(inits) > 1 or (inits and (method_kind(inits[0]) != "plain" and facts.wrapper is None or not positional_params(inits[0].args)
                                     or returns_early(inits[0]))):
        facts.constructible = False
        return facts
    if inits:
        init = inits[0]
        facts.init = init
        receiver = positional_params(init.args)[0].arg
        seen: dict[str, int] = {}
        for stmt in init.body:
            for target, value in stored_pairs(stmt, receiver):
                seen[target.attr] = seen.get(target.attr, 0) + 1
                facts.stores[target.attr] = value
        for attr, count in seen.items():
            if count > 1:
                facts.stores[attr] = UNKNOWABLE
        read_hooks(facts, cls, classes) or record_config(facts, cls, classes)  # (recorded_configs.py)
        calls = [stmt.value for stmt in init.body if isinstance(stmt, ast.Expr) and _is_super_init(stmt.value)]
        if calls and len(cls.bases) == 1 and local_bases and depth < 8:
            base = read_class(classes[local_bases[0].id], classes, depth + 1, filed)
            if len(calls) == 1 and base.init is not None and base.constructible:
                facts.base_call, facts.base = calls[0], base
        return facts
    if generated:
        inherited = _dataclass_base(cls, local_bases, classes, depth)
        # `@dataclass class BatchNorm(Module)` over a plain base with no field, __init__ or hook: fields of its own
        fieldless = inherited is None and len(cls.bases) == 1 and len(local_bases) == 1 and len(decorators) == 1 \
            and last_name(getattr(decorators[0], "func", decorators[0])) == "dataclass" and plain_chain(classes[local_bases[0].id], classes, filed)
        facts.constructible = not local_bases or inherited is not None or fieldless
        names = list(inherited.fields) if inherited is not None else []
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and kept_kind(stmt.annotation) is None:
                return ClassFacts(cls, constructible=False)  # (a hint dataclasses may read as a ClassVar or not: hint_kinds.py)
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) \
                    and kept_kind(stmt.annotation) == FIELD:
                if last_name(stmt.annotation) == "KW_ONLY":
                    facts.positional = False  # fields after it are keyword-only
                    continue
                if local_bases and inherited is None and not fieldless or (isinstance(stmt.value, ast.Call)
                                                         and any(k.arg == "init" for k in stmt.value.keywords)):
                    facts.opaque.add(stmt.target.id)  # inherited fields come first; `field(init=False)`
                    continue
                if stmt.target.id in names:
                    facts.constructible = False  # a redeclared field keeps its place: not followed
                names.append(stmt.target.id)
                if stmt.value is not None:
                    facts.defaults[stmt.target.id] = stmt.value
        facts.fields = tuple(names)
        # Positions map onto the fields only where no base class brings fields of its own.
        facts.positional = facts.positional and (inherited.positional if inherited is not None else fieldless or all(
            last_name(base) in _FIELDLESS_BASES for base in cls.bases)) \
            and not any(isinstance(k, ast.keyword) and k.arg == "kw_only" for d in decorators
                        if isinstance(d, ast.Call) for k in d.keywords)
        if inherited is not None:
            facts.defaults = {**inherited.defaults, **facts.defaults}
            facts.opaque |= inherited.opaque
    return facts


_CONSTRUCTION_HOOKS = frozenset({"__new__", "__post_init__", "__init_subclass__", "__setattr__"})


_FIELDLESS_BASES = frozenset({"Module", "NamedTuple", "object", "PyTreeNode", "Struct"})


def _dataclass_base(cls: ast.ClassDef, local_bases: list[ast.Name], classes, depth: int) -> ClassFacts | None:
    """The facts of the one module base of a dataclass decorated as its base is (`@dataclass`
    over both): its fields come first."""
    if len(cls.bases) != 1 or not local_bases or depth >= 8 or cls.keywords or len(cls.decorator_list) != 1:
        return None
    base_cls = classes[local_bases[0].id]
    decorator = cls.decorator_list[0]
    name = last_name(decorator.func if isinstance(decorator, ast.Call) else decorator)
    if name != "dataclass" or [ast.dump(d) for d in base_cls.decorator_list] != [ast.dump(decorator)]:
        return None
    base = read_class(base_cls, classes, depth + 1)
    return base if base.init is None and base.constructible else None


def _is_super_init(call: ast.expr) -> bool:
    return type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == "__init__" \
        and is_super_call(call.func.value)


def init_store_targets(facts: ClassFacts) -> list[ast.Attribute]:
    if facts.init is None:
        return facts.hook_targets  # a dataclass's `__post_init__`
    if facts.base is not None:  # the base's __init__ runs on this class's objects too
        return init_store_targets(replace(facts, base=None)) + init_store_targets(facts.base)
    receiver = positional_params(facts.init.args)[0].arg
    return [target for stmt in facts.init.body for target, _ in stored_pairs(stmt, receiver)] + facts.hook_targets \
        + [target for _, target in guarded_stores(facts.init).values()]  # `if p is not None: self.p = p` (guarded_stores.py)
