"""What the callers of a module function pass: the interpreter reads a parameter of a function
around a shard_map body as the value every call of the function gives it (an axis name handed
to a builder, `make_step('data')`; a module function, `make_step(loss_fn)`; a config object
built with constants, `train(mesh, Config())`), when every reference to the function is such
a call and all of them agree.
"""
from __future__ import annotations

import ast

from codemods.analysis.registry_callers import registry_calls
from codemods.analysis.field_callers import field_calls
from codemods.analysis.attr_dicts import AttrTable
from codemods.analysis.class_registries import registry_constructions
from codemods.analysis.init_decorators import init_fills
from codemods.analysis.kept_keys import keys_kept
from codemods.analysis.leaving_calls import unreached
from codemods.analysis.user_decorators import transparent
from codemods.analysis.cli_args import Namespace
from codemods.analysis.carried_arrays import CARRIED, without_arrays
from codemods.analysis.called_objects import object_calls
from codemods.analysis.param_defaults import parameter_default
from codemods.analysis.changed_args import handed_to_changers
from codemods.analysis.handed_lists import changed_in_place_handed
from codemods.analysis.mutation import MUTATORS, containers, mutated_names
from codemods.analysis.nodes import FunctionDef, all_param_names, call_args, iter_with_scopes, nodes_of_type, param_default, positional_params
from codemods.analysis.pyvalues import MeshValue
from codemods.analysis.class_refs import class_level_references
from codemods.analysis.scopes import bindings_of, method_kind
from codemods.analysis.sequences import items_of
from codemods.analysis.chain_arguments import argument_for
from codemods.analysis.unchanged_objects import held_tables_unchanged, unchanged_item, unchanged_object
from codemods.analysis.values import (UNKNOWN, AxisState, Const, DictValue, Function, Instance, JaxName, Partial, Static, TupleValue,
                                      Value, record_tuple, same_value, settled)


class Callers:
    """The caller half of the Interpreter (which supplies eval, scope and the frames)."""

    def _parameter_value(self, name: str, function: FunctionDef, rebound: bool = False) -> Value | None:
        """The constant every call passes for parameter `name` of a module function (an axis
        name given to a builder: `make_step('data')`; a mesh built in the file), when every
        reference to it is such a call;
        of a class's `__init__`, what every construction of the class passes."""
        params = positional_params(function.args)
        vararg = function.args.vararg
        if vararg is not None and name == vararg.arg and name not in self._locals_of(function):
            return self._gathered_arguments(function, len(params))
        kwarg = function.args.kwarg
        if kwarg is not None and name == kwarg.arg and name not in self._locals_of(function):
            return self._gathered_keywords(function, name)
        if name not in [param.arg for param in params + list(function.args.kwonlyargs)] \
                or name in self._locals_of(function) and not rebound:
            return None  # not a parameter, or rebound in the function (`rebound`: its value on entry)
        if getattr(function, "decorator_list", None) and (launched := self.launched_parameter(name, function)) is not None:
            return launched  # `@hydra_main(...)`: what its wrapper passes (launched_params.py)
        if getattr(function, "decorator_list", None) and not transparent(self.scope, function, ()):
            return None  # the name runs the decorator's wrapper, which may pass other arguments (user_decorators.py)
        calls, skip = self._callers(function)
        if not calls:
            return None
        found: list[Value] = []
        for call, scopes in calls:
            if unreached(self.scope, call, self._parent_map(), scopes):
                continue  # a statement before it always leaves: `stop()` raising StopJob (leaving_calls.py)
            given = _argument(call, function, name, skip)
            if given is not None and reads_inner_names(given, call, self._parent_map()):
                return None  # `[make(mesh, ax) for ax in AXES]`: the scopes read would find another `ax`
            if given is None and (spread := self._spread_argument(call, function, name, skip, scopes)) is not None:
                found.append(spread)  # `self._forward(x, **self._forward_params)` of a known dict
                continue
            if given is None:
                unpacked = self._unpacked_argument(call, function, name, skip, scopes)
                if unpacked is None:
                    return None
                found.append(unpacked)
                continue
            if any(given is default for default in function.args.defaults + function.args.kw_defaults):
                default = self._default_value(function, name)  # evaluated where the def is, not the call
                if default is not None:
                    found.append(default)
                    continue
                if _reads_class_body(self.scope.class_of(function), given):
                    return None
                scopes = ()  # a module function's default (`loss_fn=default_loss`), read in the module
            value = self.scope.constant(given, scopes)
            if isinstance(value, tuple) and name in mutated_names(self.scope.tree):
                return None  # a list the function changes in place (`axes.pop()`)
            if isinstance(value, (str, tuple)) and not (isinstance(value, tuple) and changed_in_place_handed(self.scope.tree, given)):
                record = self.eval(given, self._static_frame(scopes)) if isinstance(value, tuple) else None
                # a NamedTuple object keeps its fields (`plan.frame`), not only its items
                found.append(record if isinstance(record, Instance) and settled(record) else Const(value))
                continue
            passed = self.eval(given, self._static_frame(scopes))  # a module function: `make_step(loss_fn)`
            if getattr(passed, "symbol", None) is not None:
                found.append(passed)  # `make_body(dp, tp)` of `dp, tp = mesh.axis_names`: that one value (symbols.py)
                continue
            # a closure a module function returned (`with_axes(with_fsdp(layer), axes)`): only
            # from the one call there is (calls of the same def may capture different values)
            closure = isinstance(passed, Function) and passed.closure is not self.module_frame and len(calls) == 1
            carried = not getattr(function, "decorator_list", None) and not settled(passed) and not self._portable(passed) \
                and (shed := without_arrays(passed)) is not None and self._portable(shed)
            if carried:
                passed = without_arrays(passed, CARRIED)  # `spec_of(panel.dims)` of a labelled array (carried_arrays.py)
            if not (isinstance(passed, Function) and passed.closure is self.module_frame) and not settled(passed) \
                    and not isinstance(passed, (MeshValue, Namespace, AttrTable)) and not closure and not carried \
                    and not self._portable(passed) \
                    and not _unchanged_table(self.scope.tree, passed, given, name) \
                    and not self._fresh_table(passed, given, name):
                return None  # a config object built with constants: `train(mesh, Config())`; a mesh built in the file
            found.append(passed)
        if not found:
            return None
        first = found[0]
        if getattr(first, "symbol", None) is not None:
            return first if all(getattr(value, "symbol", None) == first.symbol and value.kind == first.kind
                                for value in found) else None
        if all(value == first if isinstance(value, (Const, MeshValue, Namespace, AttrTable)) else same_value(value, first) if isinstance(value, (Instance, DictValue, TupleValue))
               else isinstance(first, Function) and value.node is first.node for value in found):
            return first
        return None

    def _fresh_table(self, passed: Value, given: ast.expr, param: str) -> bool:
        """`STAGES[n](feats, conf, mesh)` of `conf = parse_config(CONFIG)`: a table a host run
        built from nothing the program holds (host_runs.py), handed on by a name no code changes
        in place, to a parameter no code changes: its inner tables are the run's own too."""
        changed = mutated_names(self.scope.tree)
        return id(passed) in self.__dict__.get("fresh_results", {}) and type(given) is ast.Name \
            and given.id not in changed and param not in changed

    def _portable(self, value: Value, depth: int = 0) -> bool:
        """An object the caller built whose fields mean the same in the callee: constants, jax
        names, meshes built in the file, partials of those, module functions, objects of such fields; a field the
        interpreter could not read stays unknown there too (`MemoryShift("time", n)` with its
        `functools.partial(jax.lax.ppermute, axis_name=axis, perm=perm)`). An array, or a closure
        over the caller's frame, is not: it stands for a value of that frame only."""
        return isinstance(value, Instance) and self._portable_field(value, depth)

    def _portable_field(self, value: Value, depth: int) -> bool:
        if depth > 4:
            return False  # deeper objects: not followed
        if value is UNKNOWN or isinstance(value, (Const, JaxName, Static, MeshValue)):
            return True  # (a mesh built in the file is handed as one too: `Strategy(mesh)`)
        if isinstance(value, Instance):
            return value.fields is not None and not value.building \
                and all(self._portable_field(item, depth + 1) for _, item in value.fields)
        if isinstance(value, (TupleValue, DictValue)):
            return all(self._portable_field(item, depth + 1) for item in value.items)
        if isinstance(value, Partial):
            return all(self._portable_field(item, depth + 1)
                       for item in (value.func, *value.args, *(item for _, item in value.keywords)))
        return isinstance(value, Function) and value.closure is self.module_frame

    def _gathered_arguments(self, function: FunctionDef, count: int) -> Value | None:
        """`*fns` of a module function its one call fills (`compose(scale, pool, norm)`): the
        arguments past its `count` positional parameters, each a module function, a partial of
        one, or a settled value (several calls may pass different ones: not read)."""
        calls, skip = self._callers(function)
        if len(calls) != 1 or skip:
            return None
        call, scopes = calls[0]
        if any(arg.star or arg.keyword is not None for arg in call_args(call)) or len(call.args) < count:
            return None
        items = [self.eval(arg, self._static_frame(scopes)) for arg in call.args[count:]]
        if not all(isinstance(item, Function) and item.closure is self.module_frame or isinstance(item, Partial)
                   and isinstance(item.func, (Function, JaxName)) or settled(item) for item in items):
            return None
        return TupleValue(tuple(items))

    def _spread_argument(self, call: ast.Call, function: FunctionDef, name: str, skip: int, scopes) -> Value | None:
        """What a call with one `**spread` (and no `*`) passes for keyword parameter `name` when
        the spread is a dict whose keys are known: its item, else the call's own keyword, else
        the parameter's default; a constant or a settled object only."""
        spreads = [keyword for keyword in call.keywords if keyword.arg is None]
        params = positional_params(function.args)[skip:] + list(function.args.kwonlyargs)
        if len(spreads) != 1 or any(type(arg) is ast.Starred for arg in call.args) \
                or any(param.arg == name for param in params[:len(call.args)]) or name not in {p.arg for p in params}:
            return None
        table = self.eval(spreads[0].value, self._static_frame(scopes))
        own = next((keyword.value for keyword in call.keywords if keyword.arg == name), None)
        if not isinstance(table, DictValue) or own is not None and name in table.keys:
            return None  # (Python rejects a keyword given twice)
        if own is not None:
            value = self.eval(own, self._static_frame(scopes))
        elif name in table.keys:
            value = table.items[table.keys.index(name)]
        else:
            value = self._default_value(function, name)
        return value if isinstance(value, Const) or settled(value) else None

    def _gathered_keywords(self, function: FunctionDef, name: str) -> Value | None:
        """`**kwargs` of a module function every call fills alike (`pipeline("ner")` passes
        none: `{}`): the keywords naming no parameter, each a constant or settled object; no code
        changes the dict."""
        calls, _ = self._callers(function)
        if not calls or name in mutated_names(self.scope.tree):
            return None
        named = {param.arg for param in positional_params(function.args) + function.args.kwonlyargs}
        found = None
        for call, scopes in calls:
            if any(arg.star for arg in call_args(call)):
                return None
            extra = [keyword for keyword in call.keywords if keyword.arg not in named]
            values = tuple(self.eval(keyword.value, self._static_frame(scopes)) for keyword in extra)
            given = DictValue(tuple(keyword.arg for keyword in extra), values)
            if not all(isinstance(value, Const) or settled(value) for value in values) \
                    or found is not None and not same_value(found, given):
                return None
            found = given
        return found

    def _unpacked_argument(self, call: ast.Call, function: FunctionDef, name: str, skip: int,
                           scopes: tuple) -> Value | ast.expr | None:
        """`main(*inputs())`: the item of the tuple a module function returns that lands on
        parameter `name`, when the call passes nothing else and the item is a constant, a mesh
        built in the file or a config object built with constants; also of a known sequence
        (`make_clearing(*mesh.axis_names)`)."""
        if len(call.args) != 1 or call.keywords or type(call.args[0]) is not ast.Starred:
            return None
        params = positional_params(function.args)[skip:]
        names = [param.arg for param in params]
        keyword_only = {param.arg for param in function.args.kwonlyargs}
        if name not in names and name not in keyword_only or function.args.vararg is not None:
            return None
        # the builder runs only to read what it returns
        built = record_tuple(self.eval_silently(call.args[0].value, self._static_frame(scopes)))
        if not isinstance(built, TupleValue) and type(call.args[0].value) is not ast.Call:
            # `make_clearing(*mesh.axis_names)`, `*AXES`: a sequence of known length
            items = items_of(built)
            built = TupleValue(tuple(items)) if items is not None else None
        # `def main(x, w, cfg=Config())` called `main(*inputs())` with a pair: `cfg` keeps its
        # default, when every parameter the tuple does not reach has one (else the call raises)
        if not isinstance(built, TupleValue) or len(built.items) > len(names) \
                or any(param_default(function.args, param) is None for param in params[len(built.items):]):
            return None
        index = names.index(name) if name in names else len(names)
        if index >= len(built.items):
            return self._default_value(function, name)
        item = built.items[index]
        if isinstance(item, (DictValue, TupleValue, Instance)) and unchanged_item(self.scope.tree, call.args[0].value, index) \
                and held_tables_unchanged(self.scope.tree, item):
            return item  # `return CFG, batch`, `return TrainerConfig(), batch`: tables no code changes (unchanged_objects.py)
        if type(item) is DictValue and all(type(key) is str for key in item.keys) \
                and all(type(inner) is AxisState for inner in item.items) \
                and keys_kept(self.scope.tree, call.args[0].value, index, function, name):
            # `return (np_example,)` of arrays by name: its keys, no array read (kept_keys.py)
            return DictValue(item.keys, (UNKNOWN,) * len(item.keys))
        return item if isinstance(item, (Const, MeshValue, Namespace, AttrTable)) or settled(item) else None

    def _default_value(self, function: FunctionDef, name: str) -> Value | None:
        """The default of parameter `name` of a module function or method, as every call that
        leaves it out sees it (a constant, a constant tuple, or a settled config object)."""
        param = next(param for param in positional_params(function.args) + list(function.args.kwonlyargs)
                     if param.arg == name)
        default = param_default(function.args, param)
        if default is None:
            return None  # a keyword-only parameter without a default: the call raises
        if _reads_class_body(self.scope.class_of(function), default):
            return None
        value = parameter_default(self, default, self.module_frame, name)
        return None if value is UNKNOWN else value

    def _callers(self, function: FunctionDef) -> tuple[list[tuple[ast.Call, tuple]], int]:
        """Every call of a module function when nothing else refers to it, or every construction
        of the class whose `__init__` it is (its receiver skipped); none when not all are known."""
        cls = self.scope.class_of(function)
        if cls is not None:
            if self.scope.subclassed(cls):
                return [], 0
            if function.name == "__init__":
                if init_fills(self.scope, cls) != ({}, True):
                    return [], 0  # a decorator replaces or feeds __init__ (init_decorators.py)
                if (registry_constructions(self.scope, cls) or ([],))[0]:
                    return [], 0  # `MODELS[name](...)` may build another class of the table
                facts = self.class_facts(cls)  # (a wrapped `__init__` gets what its decorator chooses)
                return (self._constructions(cls), 1) if facts.init is function and facts.wrapper is None else ([], 0)
            if function.name == "__call__" and method_kind(function) == "plain":
                calls = object_calls(self.scope.tree, cls) if cls.name not in self.scope.volatile else None
                return (calls, 1) if calls else ([], 0)  # `Check(mesh)(table)` (called_objects.py)
            return self._method_calls(cls, function)
        if self.scope.globals.unique_function(function.name) is not function:
            return [], 0
        if self._calls is None:
            self._calls = {}
            for node, scopes in iter_with_scopes(self.scope.tree):
                if type(node) is ast.Call and type(node.func) is ast.Name:
                    self._calls.setdefault(node.func.id, []).append((node, scopes))
        calls = self._calls.get(function.name, [])
        if len(calls) != self.scope.references(function.name):  # else called from anywhere, unless kept in a field
            calls = None if (held := field_calls(self, function, calls)) is None else calls + held  # (field_callers.py)
            if calls is None:
                return [], 0
        filed = registry_calls(self, function)  # `TABLE["name"](...)` of a decorator's registry
        return (calls + filed, 0) if filed is not None else ([], 0)

    def _method_calls(self, cls: ast.ClassDef, method: FunctionDef) -> tuple[list[tuple[ast.Call, tuple]], int]:
        """Every `obj.build(...)` call of a method no other class of the module names, when the
        method is reached by nothing else (`Trainer.build(obj, ...)` passes the receiver itself:
        not read)."""
        kind = method_kind(method)
        name = method.name
        if kind not in ("plain", "static", "class") or class_level_references(cls, name) or any(
                other is not cls and bindings_of(other).binds(name) for other in self.scope.classes.values()):
            return [], 0
        calls = [(node, scopes) for node, scopes in iter_with_scopes(self.scope.tree) if type(node) is ast.Call
                 and type(node.func) is ast.Attribute and node.func.attr == name]
        if len(calls) != self.scope.attribute_references(name) or any(
                type(call.func.value) is ast.Name and call.func.value.id == cls.name and kind == "plain" for call, _ in calls):
            return [], 0
        return calls, 0 if kind == "static" else 1


def _argument(call: ast.Call, function: FunctionDef, name: str, skip: int = 0) -> ast.expr | None:
    """What `call` passes for parameter `name` of `function` (its default when absent; the
    first `skip` parameters are bound already); None when that is not plain to see (starred
    arguments)."""
    if any(arg.star for arg in call_args(call)):
        return _before_star(call, function, name, skip)
    param = next((param for param in positional_params(function.args) + list(function.args.kwonlyargs)
                  if param.arg == name), None)
    given = argument_for(call, function, name, skip=skip)
    return given if given is not None or param is None else param_default(function.args, param)


def _before_star(call: ast.Call, function: FunctionDef, name: str, skip: int) -> ast.expr | None:
    """`fn(args, *arrays)`, `build_loss(mesh, **CONF)`: a positional parameter bound by an
    argument written before the first starred one (a `**` spread may not bind it: Python rejects a
    second value for it)."""
    params = positional_params(function.args)[skip:]
    index = next((i for i, param in enumerate(params) if param.arg == name), None)
    stars = [i for i, arg in enumerate(call.args) if type(arg) is ast.Starred] or [len(call.args)]  # (or `**` only)
    if index is None or function.args.posonlyargs or index >= stars[0]:
        return None
    return call.args[index]


def _reads_class_body(cls: ast.ClassDef | None, default: ast.expr) -> bool:
    """A method's default that reads names of the class body (evaluated there, not in the module)."""
    return cls is not None and any(type(node) is ast.Name and bindings_of(cls).binds(node.id) for node in ast.walk(default))


def _unchanged_table(tree: ast.Module, passed: Value, given: ast.expr, param: str) -> bool:
    """`make_step(mesh, TRAIN)` with `TRAIN = {"loss": "mel_l1", ...}`: a dict or list handed
    on as it is written, when no code changes it in place, through the name it is passed by or
    through the parameter (`train["axis"] = ...`, `.update`, a helper that writes what it is
    handed: mutation.py); a dict changed in place is not the one the text wrote."""
    if not isinstance(passed, (DictValue, TupleValue)) and not (isinstance(passed, Const) and isinstance(passed.value, tuple)):
        return False  # (a list of constants is one Const)
    if unchanged_object(tree, given):
        return True  # no code changes it through any name that may hold it (unchanged_objects.py)
    if len(containers(passed)) > 1 and (mutated_names(tree) - _own_tables(tree) or _augmented(tree)):
        return False  # an inner dict or list may be changed through another name (`red = TRAIN["reduce"]`);
        # a module that changes no container in place leaves nested tables as written
    if isinstance(passed, Const) and type(given) is ast.Call and type(given.func) is ast.Name and given.func.id == "tuple":
        return True  # `tuple(REGISTRY)`: a new tuple, which nothing can change
    changed = mutated_names(tree)
    return param not in changed and (type(given) in (ast.Dict, ast.List, ast.Tuple)
                                     or type(given) is ast.Name and given.id not in changed)


def _own_tables(tree: ast.Module) -> frozenset[str]:
    """Changed names that hold a table of their own: bound once, at module level, to a new empty
    `{}` or `[]` (a registry a decorator fills), bound by no function, changed only through that
    name at its first level (`OPS[name] = fn`, `OPS.update(...)`) and handed to no helper. Such a
    change reaches no object another table holds."""
    changed = mutated_names(tree)
    bound: dict[str, int] = {}
    for node in ast.walk(tree):
        if type(node) is ast.Name and not isinstance(node.ctx, ast.Load) or type(node) is ast.arg:
            name = node.id if type(node) is ast.Name else node.arg
            bound[name] = bound.get(name, 0) + 1
        elif type(node) in (ast.Global, ast.Nonlocal):
            bound.update((name, 2) for name in node.names)
    fresh = {stmt.targets[0].id for stmt in tree.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
             and type(stmt.targets[0]) is ast.Name and type(stmt.value) in (ast.Dict, ast.List)
             and not getattr(stmt.value, "keys", None) and not getattr(stmt.value, "elts", None)}
    own = {name for name in changed & fresh if bound.get(name) == 1} - handed_to_changers(tree)
    for node in ast.walk(tree):
        inner = node.value if type(node) is ast.Subscript and not isinstance(node.ctx, ast.Load) else \
            node.func.value if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in MUTATORS \
            else None
        while type(inner) is ast.Subscript and type(inner.value) is not ast.Name:
            inner = inner.value
        if type(inner) is ast.Subscript and type(inner.value) is ast.Name:
            own.discard(inner.value.id)  # `OPS[k][j] = v`: an object the table holds changed
    return frozenset(own)


def _augmented(tree: ast.Module) -> bool:
    """Some `x |= ...` or `x += ...`: in place on a dict or list (an `update` or `extend`)."""
    return any(type(node.op) in (ast.BitOr, ast.Add) for node in nodes_of_type(tree, ast.AugAssign))


_INNER = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Lambda)


def reads_inner_names(expr: ast.expr, call: ast.Call, parents: dict) -> bool:
    """Whether `expr` (an argument of `call`) reads a name a comprehension or lambda between the
    call and its def binds: names are read in the scopes of defs, which do not see those."""
    bound: set[str] = set()
    node = parents.get(id(call))
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
        if type(node) is ast.Lambda:
            bound.update(all_param_names(node.args))
        elif isinstance(node, _INNER):
            bound.update(name.id for generator in node.generators for name in ast.walk(generator.target)
                         if type(name) is ast.Name)
        node = parents.get(id(node))
    return bool(bound) and any(type(name) is ast.Name and name.id in bound for name in ast.walk(expr))
