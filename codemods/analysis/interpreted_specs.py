"""SF104's specs whose entries only the shared model can read: a helper building `P(*entries)` or
`P(tuple(order), None)` from a JSON or TOML config, an argparse namespace parsed from a list the
code writes (`parse_args([])`), or any other value the interpreter knows for certain.

The CST side (spec_sources.py, returned_specs.py) follows names and tables as text; a config
list or an option string split on commas is a value, not text. Here the `P(...)` written at the
use, or returned by a module function called there (its statements before its one `return` run on
the call's arguments, helper_specs.py), is evaluated by the interpreter in the frame of the use,
one dimension per argument (`*items` of a known sequence: one per item). Each dimension must be
certainly None, a str or a sequence of str; `reduced=`/`unreduced=` a set literal of str. Anything
else, a symbol (a value the run chooses) included, is unknown (None). The result has no literal of
its own: a fix writes its axes by value.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.values import DictValue  # configs by item or by attribute (attr_dicts.AttrTable)
from codemods.analysis.cli_args import Namespace
from codemods.analysis.keyed_frames import keyed_frame
from codemods.analysis.nodes import runs_as_script
from codemods.analysis.pyvalues import MeshValue
from codemods.analysis.specs import Spec, SpecLiteral
from codemods.analysis.values import Const, TupleValue
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_MAX_DEPTH = 6  # assignments followed from a name read at the use


def interpreted_spec(ctx: FileContext, node: cst.BaseExpression, keys: dict | None = None) -> SpecLiteral | None:
    """The spec the `P(...)` or helper call `node` certainly writes, read by the interpreter;
    `keys` gives names of its function the str a loop's round binds them to (keyed_frames.py)."""
    from codemods.analysis.helper_specs import run_helper
    from codemods.analysis.spec_symbols import _interpreter, _reads

    if isinstance(node, cst.Attribute):  # `layouts.train` of a @property (method_specs.py)
        return _property_spec(ctx, node)
    if not isinstance(node, cst.Call):
        return None
    found = _reads(ctx).get(ctx.offsets(node))  # reads outside lambdas, comprehensions, class bodies
    if found is None or not isinstance(found[0], ast.Call):
        return None
    call, scopes = found
    interp = _interpreter(ctx)
    scope = interp.scope
    keyed = keyed_frame(interp, scopes, keys) if keys else None
    frame, names = keyed if keyed is not None else (interp._static_frame(scopes), frozenset())
    passed = _passed_parameters(interp, call, scopes, names)
    if passed is None or not all(_plain(scope, part, scopes, passed | names) for part in (*call.args, *call.keywords)):
        return None
    if scope.resolve(call.func, scopes) == jaxapi.PARTITION_SPEC:
        spec = _dimensions(interp, call, frame, scopes)
    else:
        if type(call.func) is not ast.Name or call.func.id in scope.volatile \
                or any(type(arg) is ast.Starred for arg in call.args) or any(kw.arg is None for kw in call.keywords):
            return None
        function, outer = scope.lookup_function(call.func.id, scopes)
        if not isinstance(function, ast.FunctionDef) or function.decorator_list or scope.class_of(function) is not None \
                or not isinstance(function.body[-1], ast.Return) or function.body[-1].value is None:
            return None
        inner = (*outer, function)
        if not all(_plain(scope, stmt, inner, _parameters(function)) for stmt in function.body):
            return None
        spec = run_helper(interp, function, outer, call, scopes, [], _dimensions, caller=frame)
        node = _cst_call(ctx, function.body[-1].value)  # a fix writes the helper's P by value
    return SpecLiteral(node, spec, (), None) if isinstance(spec, Spec) and node is not None else None


def _property_spec(ctx: FileContext, node: cst.Attribute) -> SpecLiteral | None:
    from codemods.analysis.method_specs import property_spec
    from codemods.analysis.spec_symbols import _interpreter, _reads

    found = _reads(ctx).get(ctx.offsets(node))
    if found is None or not isinstance(found[0], ast.Attribute):
        return None
    read = property_spec(_interpreter(ctx), found[0], found[1], _dimensions)
    if read is None or not isinstance(read[0], Spec):
        return None
    written = _cst_call(ctx, read[1])  # a fix writes the property's P by value
    return SpecLiteral(written, read[0], (), None) if written is not None else None


def _cst_call(ctx: FileContext, expr: ast.expr):
    """The LibCST call at the offsets of an `ast` one."""
    from codemods.analysis.local_names import parents

    def build():
        return {ctx.offsets(node): node for node in parents(ctx) if isinstance(node, cst.Call)}

    return ctx.cached("interpreted_specs.calls", build).get(ctx.offsets(expr))


def _plain(scope, node: ast.AST, scopes: tuple, allowed: frozenset = frozenset(), depth: int = 0) -> bool:
    """Whether `node` reads only names bound once by an assignment whose value is plain too, the
    parameters `allowed`, builtins, and module functions or imports it calls: never a class or
    something imported read as a value (`Axes.DATA` of a class whose base or metaclass the file
    does not show), nor a nested scope."""
    import builtins

    if depth > _MAX_DEPTH:
        return False
    called = set()
    for found in ast.walk(node):
        if type(found) is ast.Call:
            root = found.func
            while type(root) is ast.Attribute:
                root = root.value
            called.add(id(root))
    for found in ast.walk(node):
        if isinstance(found, (ast.GeneratorExp, ast.ListComp)) and _plain_comprehension(found):
            # `(tuple(e) if isinstance(e, list) else e for e in entries)`: its one variable is its own
            allowed = allowed | {found.generators[0].target.id}
            continue
        if isinstance(found, (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp, ast.ClassDef,
                              ast.FunctionDef, ast.AsyncFunctionDef, ast.NamedExpr, ast.Global, ast.Nonlocal)):
            return False
        if type(found) is not ast.Name or type(found.ctx) is not ast.Load or found.id in allowed:
            continue
        value, outer = scope.lookup_value(found.id, scopes)
        if value is not None:
            # a local of the same function may read its parameters (`dims = [... for e in entries]`)
            if not _plain(scope, value, outer, allowed if tuple(outer) == tuple(scopes) else frozenset(), depth + 1):
                return False
            continue
        if id(found) in called and (scope.lookup_function(found.id, scopes)[0] is not None
                                    or scope.resolve(found, scopes) is not None):
            continue  # a module function or an import, called
        bound = any(scope.locals_of(function).binds(found.id) for function in scopes) or scope.globals.binds(found.id)
        if bound or found.id in scope.imports.bindings or not hasattr(builtins, found.id):
            return False
    return True


def _plain_comprehension(node: ast.GeneratorExp | ast.ListComp) -> bool:
    """One `for` binding one plain name, no condition, nothing nested that binds names."""
    if len(node.generators) != 1:
        return False
    generator = node.generators[0]
    return type(generator.target) is ast.Name and not generator.ifs and not generator.is_async \
        and not any(isinstance(inner, (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp,
                                       ast.NamedExpr)) for inner in ast.walk(node) if inner is not node)


def _parameters(function) -> frozenset:
    arguments = function.args
    named = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return frozenset(arg.arg for arg in named if arg is not None)


def _passed_parameters(interp, call: ast.Call, scopes: tuple, keyed: frozenset = frozenset()) -> frozenset | None:
    """The parameters of the functions around the use that the call's arguments read, when each
    is one of a module function or method (not its receiver, nor nested) that every call of it
    in the file (every construction, for `__init__`)
    gives the same namespace, constant or mesh built in the file (`load(parse_args([]))`,
    `place(mesh, x)` reading `mesh.axis_names`; callers.py); None when another
    is read (`self.data`, a parameter two calls give different values, one a caller may not show)."""
    params = set()
    for function in scopes:
        params.update(_parameters(function))
    params -= keyed  # bound to the round's key (keyed_frames.py)
    read = _params_read(interp, [*call.args, *call.keywords], scopes, params)
    if not read:
        return frozenset()
    function = scopes[-1] if len(scopes) == 1 else None
    if not isinstance(function, ast.FunctionDef) or function.decorator_list or not read <= _parameters(function):
        return None
    receiver = None
    if interp.scope.class_of(function) is not None:  # a method: its receiver only for fields every object settles
        positional = [*function.args.posonlyargs, *function.args.args]
        if not positional or positional[0].arg in read and not _settled_fields(
                interp, [*call.args, *call.keywords], scopes, positional[0].arg):
            return None
        receiver = positional[0].arg
    interp.silent += 1  # the callers are read for their values only
    try:
        for name in read - {receiver}:
            value = interp._parameter_value(name, function)
            if not isinstance(value, (Const, Namespace, MeshValue, DictValue)):
                return None
    finally:
        interp.silent -= 1
    return frozenset(read)


def _settled_fields(interp, parts: list, scopes: tuple, receiver: str) -> bool:
    """`save_spec(self.args)` in a method of a script: every read of the receiver is a field that
    every object of the class holds alike, a constant, a parsed namespace, a mesh or a table of
    those (what every construction gives `__init__` to store; classes.py), read directly in the call."""
    def settled(value) -> bool:
        if isinstance(value, (TupleValue, DictValue)):
            return all(settled(item) for item in value.items)
        return isinstance(value, (Const, MeshValue)) or isinstance(value, Namespace) and all(map(settled, value.items))

    if not runs_as_script(interp.scope.tree):
        return False  # a library's class: code elsewhere may construct its objects with other values
    parents = {id(child): node for part in parts for node in ast.walk(part) for child in ast.iter_child_nodes(node)}
    reads = [node for part in parts for node in ast.walk(part) if type(node) is ast.Name and node.id == receiver]
    frame = interp._static_frame(scopes)
    interp.silent += 1
    try:
        for node in reads:
            field = parents.get(id(node))
            if type(field) is not ast.Attribute or field.value is not node or type(field.ctx) is not ast.Load \
                    or not settled(interp.eval(field, frame)):
                return False
    finally:
        interp.silent -= 1
    return bool(reads)


def _dimensions(interp, expr: ast.expr, frame, scopes: tuple) -> Spec | None:
    """The Spec of a `P(...)` call, each argument evaluated in `frame`."""
    from codemods.analysis.helper_specs import evaluated_partitions  # (helper_specs imports this module's callers)

    found = evaluated_partitions(interp, expr, frame, scopes)
    return None if found is None else Spec(tuple(found[0]), found[1], found[2])


def _params_read(interp, parts: list, scopes: tuple, params: set) -> set:
    """The parameters the expressions read, directly or through locals of the same function bound
    once (`out = cfg["export_layout"]` then `spec(out["dims"])` reads `cfg`)."""
    read, seen, pending = set(), set(), list(parts)
    while pending and len(seen) < 32:
        part = pending.pop()
        for node in ast.walk(part):
            if type(node) is not ast.Name or node.id in seen:
                continue
            seen.add(node.id)
            if node.id in params:
                read.add(node.id)
                continue
            value, outer = interp.scope.lookup_value(node.id, scopes)
            if value is not None and tuple(outer) == tuple(scopes):
                pending.append(value)
    return read
