"""Host runs: a module function that turns configuration text into values, run on real Python
objects (issue 13).

Platform code parses its own configuration: `parse_yaml(EXPERIMENT)` with a stack of dicts,
`apply_overrides(tree, ["loss.gamma=1.5"])`, `parse_stage("auc:bins=16,reduce=sum")`, JSON
documents with JSON-valued overrides, `dataclasses.replace(cfg, **changes)` of overrides cast by
`type(current)(value)`. The abstract interpreter follows none of that (loops over lines, dicts
filled in place), so the axis names such code yields stayed unknown.

Where a call passes a module function nothing but values that are each one known Python object
(constants, dicts, records of plain dataclasses: host_objects.py), the function's result is what
running it gives; so this module runs it, statement by statement, on real objects, and the result
is as certain as a literal written in its place. The run models a small part of Python exactly and
stops (Bail: the call is left to the abstract interpreter, as before) at anything else: a name it
cannot resolve to such an object (any jax, NumPy or foreign name), a statement or expression kind
it does not model, an exception the program does not catch where it is raised, a change to an
object it was given (the program's object would change too), a budget of steps. Exceptions are
caught by the program's own handlers only when a builtin operation raised them. Which calls
the interpreter hands to a run, and what it keeps of the result, is in host_calls.py.
"""
from __future__ import annotations

import ast
import operator
from collections import OrderedDict

from codemods.analysis.compared_keys import compared
from codemods.analysis.set_orders import unordered, unordered_within, walked
from codemods.analysis.set_methods import unheld
from codemods.analysis.host_exprs import (BUDGET, MAX_DEPTH, VALUE_TYPES, Break, Continue, Env, HostExpressions, Iter,
                                          LambdaValue, Raised, Return, bail, bound_names, guard, immutable, plain_tree)
from codemods.analysis.object_orderings import keyed, orders
from codemods.analysis.host_objects import (BUILTINS, EXCEPTIONS, FieldInfo, METHODS, STORING, Bail, ClassRef, FuncRef,
                                            Record, Seq, Special, record_shape, snapshot)
from codemods.analysis.host_views import ObjectView, field_type
from codemods.analysis.host_class_runs import HostClassRuns, decoration, run_def_env
from codemods.analysis.host_handlers import HostHandlers
from codemods.analysis.host_classes import HELD, HostObj, JaxRef, plain_class
from codemods.analysis.host_objects import as_dict as _as_dict
from codemods.analysis.live_loops import live, sources_of, unchanged, walk
from codemods.analysis.patched_functions import defaults_patched
from codemods.analysis.scope_declarations import declare, home
from codemods.analysis.paired_iterators import zipped
from codemods.analysis.unknown_choices import unknown_choice
from codemods.analysis import drawn_texts
from codemods.analysis.unknown_texts import joined_items


class HostRun(HostHandlers, HostClassRuns, HostExpressions):
    """One run of a module function (and whatever it calls) on real objects."""

    def __init__(self, interp) -> None:
        self.interp = interp
        self.steps = 0
        self.statements = 0  # statements begun: an iterator is read only in the one that made it
        self.depth = 0
        self.given: list[tuple[object, object]] = []  # (object handed in, its snapshot)
        self.globals: dict[str, object] = {}
        self.module_env = Env(None, frozenset())

    # -- entry ------------------------------------------------------------------------------
    def enter(self, obj: object) -> object:
        self.given.append((obj, snapshot(obj)))
        return obj

    def unchanged(self) -> bool:
        return all(snapshot(obj) == before for obj, before in self.given)

    def tick(self) -> None:
        self.steps += 1
        if self.steps > BUDGET:
            raise Bail

    # -- calls ------------------------------------------------------------------------------
    def call(self, func: object, args: list, kwargs: dict) -> object:
        self.tick()
        if type(func) is FuncRef:
            return self.run_def(func.node, list(func.bound) + args, kwargs)
        if (held := self.held_call(func, args, kwargs)) is not NotImplemented:
            return held
        if type(func) is LambdaValue:
            return self.run_lambda(func, args, kwargs)
        if type(func) is ClassRef:
            return self.construct(func.cls, args, kwargs)
        if type(func) is Special:
            return self.special(func.name, args, kwargs)
        if func is zip and (paired := zipped(self, args, kwargs)) is not NotImplemented:
            return paired  # (`dict(zip(it, it))`: one iterator in two slots, paired_iterators.py)
        args = [a.take(self.statements) if type(a) is Iter else a for a in args]
        if any(type(v) is Iter for v in kwargs.values()):
            raise Bail
        if func in BUILTINS.values():
            return self.builtin(func, args, kwargs)
        if callable(func) and getattr(func, "__self__", None) is not None and type(func.__self__) in METHODS \
                and func.__name__ in METHODS[type(func.__self__)]:
            if func.__name__ not in STORING and any(type(a) in (FuncRef, LambdaValue, ClassRef, Special, Record) for a in list(args) + list(kwargs.values())):
                raise Bail  # `list.sort(key=fn)`: a callback the real method would run
            if func.__name__ in ("join", "extend") and unordered(args) or unheld(func, args, kwargs) \
                    or func.__name__ in ("format", "format_map") and unordered_within((args, kwargs)):
                raise Bail  # (a set of strs, walked in an order that changes from run to run: set_orders.py)
            if type(func.__self__) is str and func.__name__ == "join" \
                    and (made := joined_items(self, func.__self__, args, kwargs)) is not NotImplemented:
                return made  # (some parts are texts the run does not know: unknown_texts.py)
            if type(func.__self__) is str and func.__name__ in ("join", "format", "format_map") and not all(plain_tree(a) or type(a) is Seq
                                                                                      and all(type(i) is str for i in a) or drawn_texts.drawn(a) for a in args):
                raise Bail
            return drawn_texts.called(self, func, args, kwargs)  # (guard, or `"".join(rng.choice(letters, size=n))`: drawn_texts.py)
        if callable(func) and getattr(func, "__module__", None) in ("json", "ast", "math") \
                and all(plain_tree(a) for a in list(args) + list(kwargs.values())):
            return guard(func, *args, **kwargs)
        raise Bail

    def run_def(self, node: ast.FunctionDef, args: list, kwargs: dict, parent: Env | None = None) -> object:
        if type(node) is not ast.FunctionDef:
            raise Bail  # (decorators: a module def reaches a run only as the interpreter reads its name)
        if self.replaying is not None:
            self.replaying.executed.add(id(node))
        env = run_def_env(node, parent or self.module_env)
        declare(env, node, self.module_env)
        self.bind(node.args, args, kwargs, env)
        return self.run_body(node.body, env)

    def run_body(self, body: list[ast.stmt], env: Env) -> object:
        """A function's statements, one call deeper: what its `return` gives (None at the end)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Bail
        try:
            self.block(body, env)
        except Return as done:
            return done.value
        finally:
            self.depth -= 1
        return None

    def run_lambda(self, func: LambdaValue, args: list, kwargs: dict) -> object:
        if func.node.args.defaults or any(d is not None for d in func.node.args.kw_defaults):
            raise Bail  # defaults are evaluated where the lambda is made, not in the module
        env = Env(func.env, bound_names(func.node))
        self.bind(func.node.args, args, kwargs, env)
        return self.eval(func.node.body, env)

    def bind(self, spec: ast.arguments, args: list, kwargs: dict, env: Env) -> None:
        positional = spec.posonlyargs + spec.args
        defaults = dict(zip([a.arg for a in positional[len(positional) - len(spec.defaults):]], spec.defaults))
        defaults.update({a.arg: d for a, d in zip(spec.kwonlyargs, spec.kw_defaults) if d is not None})
        if len(args) > len(positional) and spec.vararg is None:
            raise Bail
        kwargs = dict(kwargs)
        for param, value in zip(positional, args):
            env.vars[param.arg] = value
        if spec.vararg is not None:
            env.vars[spec.vararg.arg] = tuple(args[len(positional):])
        for param in positional[len(args):] + spec.kwonlyargs:
            if param.arg in kwargs:
                env.vars[param.arg] = kwargs.pop(param.arg)
            elif param.arg in defaults and not defaults_patched(self.interp.scope.tree):  # (patched_functions.py)
                value = self.eval(defaults[param.arg], self.module_env)
                if not immutable(value):
                    raise Bail  # a shared mutable default: what earlier calls did to it is not known
                env.vars[param.arg] = value
            else:
                raise Bail
        if spec.kwarg is not None:
            env.vars[spec.kwarg.arg] = kwargs
        elif kwargs:
            raise Bail

    def construct(self, cls: ast.ClassDef, args: list, kwargs: dict) -> Record:
        shape = record_shape(self.interp, cls)
        if shape is None and plain_class(self.interp, cls):
            return self.make_object(cls, args, kwargs)
        if shape is None or len(args) > len(shape[0]) or not set(kwargs) <= set(shape[0]):
            raise Bail
        given = dict(zip(shape[0], args))
        if set(given) & set(kwargs):
            raise Bail
        given.update(kwargs)
        defaults = {s.target.id: s.value for s in cls.body if type(s) is ast.AnnAssign and s.value is not None}
        fields = {}
        for name in shape[0]:
            if name in given:
                fields[name] = given[name]
            elif name in defaults and not defaults_patched(self.interp.scope.tree) \
                    and (made := self.field_default(defaults[name])) is not NotImplemented:
                fields[name] = made  # `field(default_factory=MeshConf)`: a new object per instance
            elif name in defaults and not defaults_patched(self.interp.scope.tree):
                fields[name] = self.eval(defaults[name], self.module_env)
                if not immutable(fields[name]):
                    raise Bail  # dataclasses reject list/dict defaults; anything else is shared
            else:
                raise Bail
        return Record(cls, fields, shape[1])

    def attribute(self, obj: object, name: str) -> object:
        if (held := self.held_attribute(obj, name)) is not NotImplemented:
            return held
        if type(obj) is Record and name in obj.fields:
            return obj.fields[name]
        if type(obj) is FieldInfo and (name == "name" or name == "type" and obj.type is not None):
            return obj.name if name == "name" else obj.type
        if type(obj) is ObjectView:
            return obj.attribute(self, name)
        if type(obj) in (Record, ClassRef):
            cls = obj.cls
            if record_shape(self.interp, cls) is None or _class_attribute_stored(self.interp.scope.tree, cls.name):
                raise Bail  # (`Fmt.skip = "j"` somewhere: the class body no longer says what it holds)
            members = [s for s in cls.body if type(s) is ast.FunctionDef and s.name == name
                       or type(s) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in s.targets)
                       or type(s) is ast.AnnAssign and s.target.id == name]
            if len(members) != 1:
                raise Bail
            member = members[0]
            if type(member) is ast.AnnAssign:
                if type(obj) is Record or member.value is None:
                    raise Bail
                return self.eval(member.value, self.module_env)
            if type(member) is ast.Assign:
                if len(member.targets) != 1:
                    raise Bail
                return self.eval(member.value, self.module_env)
            kind = decoration(member)
            if kind == "property" and type(obj) is Record:
                return self.run_def(member, [obj], {})
            if kind == "staticmethod":
                return FuncRef(member)
            if kind == "classmethod":
                return FuncRef(member, (ClassRef(cls),))
            if kind == "method" and type(obj) is Record:
                return FuncRef(member, (obj,))
            raise Bail
        if type(obj) in METHODS and name in METHODS[type(obj)]:
            return getattr(obj, name)
        raise Bail

    # -- builtins -----------------------------------------------------------------------------
    def builtin(self, func, args: list, kwargs: dict) -> object:
        name = func.__name__
        if name in EXCEPTIONS:
            raise Bail  # building an exception object: only a raise would use it
        if name in ("list", "tuple", "dict", "enumerate", "zip", "map", "filter") and unordered(args):
            args = [walked(self, a) if unordered([a]) else a for a in args]  # (one order per run: set_orders.py)
        if name == "isinstance":
            if len(args) != 2 or kwargs:
                raise Bail
            obj, kinds = args
            kinds = kinds if type(kinds) in (tuple, Seq) else (kinds,)
            if (held := self.held_isinstance(obj, kinds)) is not NotImplemented:
                return held
            if type(obj) is Record:
                return any(type(k) is ClassRef and k.cls is obj.cls for k in kinds) if all(
                    type(k) is ClassRef or k in (int, float, str, bool, list, tuple, dict, set) for k in kinds) \
                    else bail()
            if type(obj) is Seq and any(k in (list, tuple) for k in kinds) or any(type(k) is not type for k in kinds):
                raise Bail
            return isinstance(obj, tuple(kinds))
        if name in ("map", "filter", "sorted", "min", "max") and (
                any(type(a) in (FuncRef, LambdaValue, ClassRef, Special) for a in args)
                or any(type(v) in (FuncRef, LambdaValue, ClassRef, Special) for v in kwargs.values())):
            return self.with_callback(name, args, kwargs)
        if name in ("str", "repr") and not all(plain_tree(a) for a in args) \
                or name in ("str", "repr", "format") and unordered_within(args):  # (set_orders.py)
            raise Bail
        if any(type(a) in HELD for a in list(args) + list(kwargs.values())):
            raise Bail
        if any(type(a) in (Record, FuncRef, LambdaValue, ClassRef, Special) for a in list(args) + list(kwargs.values())):
            raise Bail
        if name in ("map", "filter") and args and callable(args[0]) and args[0] not in BUILTINS.values() \
                and not _method_of_value(args[0]):
            raise Bail
        result = guard(func, *args, **kwargs)
        if name in ("map", "filter", "reversed", "enumerate", "zip"):  # (Python's walks again for a `for`)
            return Iter(list(result), self.statements, live=func(*args, **kwargs))
        if name == "range" and len(result) > BUDGET:
            raise Bail
        return result

    def with_callback(self, name: str, args: list, kwargs: dict) -> object:
        if name == "map" and len(args) >= 2 and not kwargs:
            return Iter([self.call(args[0], list(items), {}) for items in zip(*map(self.iterate, args[1:]))], self.statements,
                        sources=sources_of(args[1:]))
        if name == "filter" and len(args) == 2 and not kwargs:
            return Iter([item for item in self.iterate(args[1]) if self.truth(self.call(args[0], [item], {}))], self.statements,
                        sources=sources_of(args[1:]))
        if name in ("sorted", "min", "max") and len(args) == 1 and set(kwargs) <= {"key", "reverse"} \
                and type(kwargs.get("reverse", False)) is bool:
            items = list(args[0])
            keys = [self.call(kwargs["key"], [item], {}) for item in items] if "key" in kwargs else items
            if orders(keys):  # (keys that are objects of the module, ordered by their own `__lt__`: object_orderings.py)
                return keyed(self, name, items, keys, kwargs.get("reverse", False))
            if not all(plain_tree(k) for k in keys) and not compared(keys):  # (unknown_choices.py, compared_keys.py)
                return unknown_choice(self, name, items, keys, kwargs.get("reverse", False))
            order = sorted(range(len(items)), key=lambda i: keys[i], reverse=kwargs.get("reverse", False)) \
                if name == "sorted" else None
            if name == "sorted":
                return [items[i] for i in order]
            if not items:
                raise Bail
            pick = min if name == "min" else max
            return items[pick(range(len(items)), key=lambda i: keys[i])]
        raise Bail

    def special(self, name: str, args: list, kwargs: dict) -> object:
        if (held := self.held_special(name, args, kwargs)) is not NotImplemented:
            return held
        if name == "dataclasses.replace":
            if len(args) != 1 or type(args[0]) is not Record or not set(kwargs) <= set(args[0].fields):
                raise Bail
            return Record(args[0].cls, {**args[0].fields, **kwargs}, args[0].frozen)
        if name == "dataclasses.fields":  # `{f.name for f in dataclasses.fields(cls)}`
            shape = record_shape(self.interp, args[0].cls) if len(args) == 1 and not kwargs \
                and type(args[0]) in (Record, ClassRef) else None
            if shape is None:
                raise Bail
            return tuple(FieldInfo(field, field_type(self.interp, args[0].cls, field)) for field in shape[0])
        if name == "dataclasses.asdict":
            if len(args) != 1 or kwargs or type(args[0]) is not Record:
                raise Bail
            return _as_dict(args[0])
        if name in ("builtins.getattr", "builtins.hasattr") and not kwargs and type(args[1:2][0] if args[1:] else None) is str:
            if type(args[0]) not in (Record, ClassRef, HostObj, JaxRef) or len(args) != 2:
                raise Bail
            try:
                found = self.attribute(args[0], args[1])
            except Bail:
                if name == "builtins.hasattr" or len(args) == 3:
                    raise
                raise
            return True if name == "builtins.hasattr" else found
        if name == "builtins.type" and len(args) == 1 and not kwargs:
            if type(args[0]) in (Record, HostObj):
                return ClassRef(args[0].cls)
            if type(args[0]) in VALUE_TYPES or type(args[0]) in (list, dict):
                return type(args[0])
            raise Bail
        if name == "builtins.print":
            return None
        raise Bail

    # -- statements ---------------------------------------------------------------------------
    def block(self, statements: list[ast.stmt], env: Env) -> None:
        for statement in statements:
            self.statement(statement, env)

    def statement(self, node: ast.stmt, env: Env) -> None:
        self.tick()
        self.statements += 1
        kind = type(node)
        if kind is ast.Expr:
            if type(node.value) is ast.Constant:
                return
            self.eval(node.value, env)
        elif kind is ast.Assign:
            value = self.eval(node.value, env)
            for target in node.targets:
                self.store(target, value, env)
        elif kind is ast.AnnAssign:
            if node.value is None or type(node.target) not in (ast.Name, ast.Attribute, ast.Subscript):
                raise Bail  # (`self.rows: list = []` in a method: stored; a function's annotations are not run)
            self.store(node.target, self.eval(node.value, env), env)
        elif kind is ast.AugAssign:
            if type(node.target) not in (ast.Name, ast.Subscript):
                raise Bail
            load = ast.Name(node.target.id, ast.Load()) if type(node.target) is ast.Name else \
                ast.Subscript(node.target.value, node.target.slice, ast.Load())
            current = self.eval(load, env)
            self.store(node.target, self.binary(type(node.op), current, self.eval(node.value, env), augmented=True), env)
        elif kind is ast.Return:
            raise Return(self.eval(node.value, env) if node.value is not None else None)
        elif kind is ast.If:
            self.block(node.body if self.truth(self.eval(node.test, env)) else node.orelse, env)
        elif kind is ast.For:
            self.loop_for(node, env)
        elif kind is ast.While:
            broke = False
            while self.truth(self.eval(node.test, env)):
                self.tick()
                try:
                    self.block(node.body, env)
                except Break:
                    broke = True
                    break
                except Continue:
                    continue
            if not broke:
                self.block(node.orelse, env)
        elif kind is ast.Break:
            raise Break
        elif kind is ast.Continue:
            raise Continue
        elif kind in (ast.Pass, ast.Global, ast.Nonlocal):
            return  # (declarations: followed where the call's scope is made, scope_declarations.py)
        elif kind is ast.Try:
            self.try_statement(node, env)
        elif kind is ast.FunctionDef:
            self.nested_def(node, env)
        elif kind is ast.Assert:
            if not self.truth(self.eval(node.test, env)):
                raise Bail
        else:
            raise Bail

    def loop_for(self, node: ast.For, env: Env) -> None:
        self.run_loop(node, self.loop_items(self.eval(node.iter, env)), env)

    def loop_items(self, value: object):
        """The items a `for` walks, as Python hands them out while the body runs (live_loops.py)."""
        if type(value) is Iter and value.live is not None and not value.used:
            value.made = -1  # (Python's own iterator, exact in any statement; what it held is stale: next_items.py)
            return walk(value.live)
        if type(value) is Iter:
            items = value.take(self.statements)
            return walk(value.live) if value.live is not None else unchanged(items, value.sources)
        if live(value):
            return walk(iter(value))
        return self.iterate(value)

    def run_loop(self, node: ast.For, items, env: Env) -> None:
        """The rounds of a `for` over `items`, then its `else` unless a `break` ended it."""
        for item in items:
            self.tick()
            self.store(node.target, item, env)
            try:
                self.block(node.body, env)
            except Break:
                return
            except Continue:
                continue
        self.block(node.orelse, env)

    def store(self, target: ast.expr, value: object, env: Env) -> None:
        kind = type(target)
        if kind is ast.Name:
            place = home(env, target.id)
            if place is self.module_env and env is not self.module_env:
                self.store_global(target.id, value)
            else:
                place.vars[target.id] = value
        elif kind in (ast.Tuple, ast.List):
            items = self.iterate(value)
            starred = [i for i, t in enumerate(target.elts) if type(t) is ast.Starred]
            if len(starred) > 1:
                raise Bail
            if not starred:
                if len(items) != len(target.elts):
                    raise Raised(ValueError("unpack"))
                for sub, item in zip(target.elts, items):
                    self.store(sub, item, env)
                return
            at = starred[0]
            after = len(target.elts) - at - 1
            if len(items) < len(target.elts) - 1:
                raise Raised(ValueError("unpack"))
            for sub, item in zip(target.elts[:at], items[:at]):
                self.store(sub, item, env)
            self.store(target.elts[at].value, list(items[at:len(items) - after]), env)
            for sub, item in zip(target.elts[at + 1:], items[len(items) - after:]):
                self.store(sub, item, env)
        elif kind is ast.Attribute:
            self.held_store(target, value, env)
        elif kind is ast.Subscript:
            holder = self.eval(target.value, env)
            if type(holder) not in (list, dict, OrderedDict):
                raise Bail
            guard(operator.setitem, holder, self.index(target.slice, env), value)
        else:
            raise Bail

    def store_global(self, name: str, value: object) -> None:
        raise Bail  # a module global rebound: a change the abstract interpreter would not see

    # -- expressions --------------------------------------------------------------------------
def _method_of_value(func) -> bool:
    owner = getattr(func, "__objclass__", None) or type(getattr(func, "__self__", None))
    return owner in (str,) and getattr(func, "__name__", "") in METHODS[str]


def _class_attribute_stored(tree: ast.Module, name: str) -> bool:
    """Whether code may store an attribute of the class read by its name (`Fmt.skip = ...`, or
    any `setattr`)."""
    from codemods.analysis.nodes import names_by_id, nodes_of_type

    return bool(names_by_id(tree).get("setattr")) or any(
        not isinstance(node.ctx, ast.Load) and type(node.value) is ast.Name and node.value.id == name
        for node in nodes_of_type(tree, ast.Attribute))
