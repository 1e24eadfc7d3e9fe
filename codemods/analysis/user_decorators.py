"""Decorators that certainly leave a def running as written (issue 13).

A call through a decorated name runs what the decorator RETURNS: a wrapper may cast, sum or
bind arguments before the def runs, or a class's `__call__` may. The def is followed as if
called directly only when every decorator is certain to keep it:
- a JAX name (the analysis models JAX's transforms itself), a method kind (`staticmethod`,
  `classmethod`, `property`), or `functools.lru_cache` / `cache` / `wraps`-free caches (unless
  a caller may change in place the one result they hand out: cached_results.py);
- a module function (or the def a factory of the module returns) that returns its parameter
  unchanged (a registry: `REGISTRY[name] = fn; return fn`);
- one that returns its own nested def decorated only with `functools.wraps(fn)`, whose body
  never rebinds its parameters and calls fn once, with exactly those parameters, on its straight
  path, returning the result unchanged (`return fn(...)`, or `out = fn(...); log(); return out`).
Anything else (a class, an imported helper, a wrapper that touches its arguments or result) is
unknown, and so is every call through the name.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.cached_results import CACHES, shared_result_changed
from codemods.analysis.decorators import returned_def, wraps_of
from codemods.analysis.class_marks import given_mark, given_marks
from codemods.analysis.nodes import DEFS, FunctionDef, iter_nodes, positional_params

_KEEP_SPELLINGS = frozenset({"staticmethod", "classmethod", "property"})
_KEEP_IMPORTS = frozenset({"functools.lru_cache", "functools.cache", "functools.cached_property",
                           "typing.overload", "equinox.filter_jit", "eqx.filter_jit"})


def transparent(scope, function: FunctionDef, scopes, below: ast.expr | None = None) -> bool:
    """Every decorator of `function` (evaluated in `scopes`) keeps calls running it as written;
    with `below`, one of them: only those applied before it (written under it) count."""
    decorators = list(getattr(function, "decorator_list", ()))
    if below is not None:
        decorators = decorators[[id(d) for d in decorators].index(id(below)) + 1:] if below in decorators else []
    if any(_cache(scope, decorator, scopes) for decorator in decorators) and shared_result_changed(scope.tree, function):
        return False  # one result handed out again, changed in place by some caller (cached_results.py)
    return all(keeps(scope, decorator, scopes, on_def=True) for decorator in decorators)


def _cache(scope, decorator: ast.expr, scopes) -> bool:
    return scope.resolve(decorator.func if isinstance(decorator, ast.Call) else decorator, scopes) in CACHES


def keeps(scope, decorator: ast.expr, scopes, on_def: bool = False) -> bool:
    """This one decorator (evaluated in `scopes`) certainly keeps the def running as written.
    `on_def`: it decorates a def, whose code no attribute set on it changes (a mark read back
    elsewhere, `fn.log_axes = log_axes`, is then harmless; on a class it may be a class
    attribute its methods read)."""
    target = decorator
    if isinstance(target, ast.Call) and scope.resolve(target.func, scopes) == jaxapi.PARTIAL and target.args:
        target = target.args[0]  # `@partial(jax.jit, static_argnums=0)`: what partial applies
        if not isinstance(target, (ast.Name, ast.Attribute)) or scope.resolve(target, scopes) is None:
            return False
    name = scope.resolve(target.func if isinstance(target, ast.Call) else target, scopes)
    if name is not None:
        return name == "jax" or name.startswith("jax.") or name in _KEEP_IMPORTS
    if isinstance(target, ast.Name):
        function, outer = scope.lookup_function(target.id, scopes)
        if function is None:
            return target.id in _KEEP_SPELLINGS and not scope.globals.binds(target.id) \
                and not any(scope.locals_of(f).binds(target.id) for f in scopes)
        return _returns_param(scope, function, outer, on_def)
    if isinstance(target, ast.Call) and isinstance(target.func, ast.Name):
        factory, outer = scope.lookup_function(target.func.id, scopes)
        returned = returned_def(factory) if isinstance(factory, DEFS) else None
        return returned is not None and _returns_param(scope, returned[0], outer + (factory,), on_def)
    return False


def files_class(scope, decorator: ast.expr) -> bool:
    """A module class decorator that only files the class in a module table and returns it
    (`@strategy("pareto")` with `def strategy(name): def wrap(cls): TABLE[name] = cls; return
    cls; return wrap`, or `def plugin(cls): PLUGINS.append(cls); return cls`): the class is the
    one written, untouched (no method called on it, no attribute set but a mark no code of the
    module reads: `cls.name = name`). A table may keep the class paired with what the factory
    was given (`TABLE[name] = (cls, defaults)` under `def register(name, **defaults)`): the
    class is untouched too, but such a table holds no class (filed_tables leaves it out)."""
    from codemods.analysis.registry_objects import filed_by_registry  # (it reads decorators of this module)

    return filed_tables(scope, decorator, paired=True) is not None or filed_by_registry(scope, decorator)


def filed_tables(scope, decorator: ast.expr, paired: bool = False) -> list[tuple[ast.Name, ast.expr | None]] | None:
    """(table, the subscript it files the class under, None for an `append`) for each statement
    of a decorator that only files the class (see files_class); None for any other decorator.
    `paired`: a store of a tuple of the class and the factory's parameters is allowed (not listed)."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if not isinstance(target, ast.Name) or scope.resolve(target, ()) is not None:
        return None
    function, outer = scope.lookup_function(target.id, ())
    if not isinstance(function, DEFS) or not keeps(scope, decorator, ()):
        return None
    inner = returned_def(function)[0] if isinstance(decorator, ast.Call) and returned_def(function) else function
    params = positional_params(inner.args)
    if len(params) != 1 or len(inner.body) < 2:
        return None
    cls, filed, others = params[0].arg, [], set()
    # the factory's other parameters (`@register_model("t", dataclass=Config)`), filed beside the class
    given = _factory_params(function) - {cls} if inner is not function else set()
    for stmt in inner.body[:-1]:
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.Expr)) else None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript) \
                and isinstance(stmt.targets[0].value, ast.Name) and isinstance(value, ast.Name) and value.id == cls:
            filed.append((stmt.targets[0].value, stmt.targets[0].slice))
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript) \
                and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id != cls \
                and isinstance(value, ast.Name) and value.id in given and not _stores(inner, given | {cls}):
            others.add(stmt.targets[0].value.id)  # another table gets what the decorator was given
            continue
        elif paired and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
                and isinstance(stmt.targets[0], ast.Subscript) and isinstance(stmt.targets[0].value, ast.Name) \
                and stmt.targets[0].value.id not in given | {cls} and isinstance(value, (ast.Tuple, ast.Dict)) \
                and _pairs_class(value, cls, given | _packed_params(function)) \
                and not _stores(inner, given | _packed_params(function) | {cls}):
            others.add(stmt.targets[0].value.id)  # `TABLE[name] = (cls, defaults)`: the class kept as written
            continue
        elif isinstance(stmt, ast.Expr) and isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
                and value.func.attr == "append" and isinstance(value.func.value, ast.Name) and len(value.args) == 1 \
                and not value.keywords and isinstance(value.args[0], ast.Name) and value.args[0].id == cls:
            filed.append((value.func.value, None))
        elif unread_mark(scope, stmt, cls) or inner is not function and given_mark(scope, stmt, cls, function):
            continue  # `cls.name = name`: a mark no code of the module reads, or no class body (class_marks.py)
        else:
            return None
    if others & {table.id for table, _ in filed}:
        return None  # the class's own entry written over
    return filed


def paired_filings(scope, decorator: ast.expr) -> list[tuple[ast.Name, ast.expr, int | str]]:
    """(table, the subscript, the class's place in the tuple or its key in the record) of each
    `TABLE[name] = (cls, defaults)` or `TABLE[name] = {"impl": cls, ...}` store of a decorator
    that only files the class (files_class); [] for another."""
    if not isinstance(decorator, ast.Call) or filed_tables(scope, decorator, paired=True) is None:
        return []
    factory = scope.lookup_function(decorator.func.id, ())[0]
    if returned_def(factory) is None:
        return []
    inner = returned_def(factory)[0]
    cls = positional_params(inner.args)[0].arg
    return [(stmt.targets[0].value, stmt.targets[0].slice,
             next(at for at, item in enumerate(stmt.value.elts) if item.id == cls) if type(stmt.value) is ast.Tuple
             else next(key.value for key, item in zip(stmt.value.keys, stmt.value.values) if item.id == cls))
            for stmt in inner.body[:-1] if isinstance(stmt, ast.Assign) and isinstance(stmt.value, (ast.Tuple, ast.Dict))]


def _pairs_class(pair: ast.Tuple | ast.Dict, cls: str, given: set[str]) -> bool:
    """`(cls, defaults)` or `{"impl": cls, "default": defaults}`: the class and names of what the
    factory was given, nothing computed (a record's keys distinct str literals)."""
    items = pair.elts if type(pair) is ast.Tuple else pair.values
    if type(pair) is ast.Dict and not _literal_keys(pair):
        return False
    names = [item.id for item in items if isinstance(item, ast.Name)]
    return len(names) == len(items) and names.count(cls) == 1 and set(names) <= given | {cls}


def _literal_keys(record: ast.Dict) -> bool:
    keys = [key.value if type(key) is ast.Constant and type(key.value) is str else None for key in record.keys]
    return None not in keys and len(set(keys)) == len(keys)


def _packed_params(function: FunctionDef) -> set[str]:
    """The `*args` and `**kwargs` names of a decorator factory that files a class."""
    args = function.args
    return {param.arg for param in (args.vararg, args.kwarg) if param is not None}


def _factory_params(function: FunctionDef) -> set[str]:
    args = function.args
    return {param.arg for param in args.posonlyargs + args.args + args.kwonlyargs}


def _unread_marks(scope, decorator: FunctionDef, fn: str) -> frozenset[int]:
    """The targets of `fn.name = name` statements at the decorator's top level (a name or a
    constant stored) whose attribute no code of the module reads: marks that change nothing the
    program runs."""
    return frozenset(id(stmt.targets[0]) for stmt in decorator.body
                     if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                     and isinstance(stmt.targets[0], ast.Attribute) and isinstance(stmt.targets[0].value, ast.Name)
                     and stmt.targets[0].value.id == fn and isinstance(stmt.value, (ast.Name, ast.Constant))
                     and not _read_anywhere(scope, stmt.targets[0].attr))


def unread_mark(scope, stmt: ast.stmt, param: str) -> bool:
    """`cls.name = name` (a name or a constant set on the decorated object `param`), an attribute
    no code of the module reads."""
    return type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute \
        and type(stmt.targets[0].value) is ast.Name and stmt.targets[0].value.id == param \
        and type(stmt.value) in (ast.Name, ast.Constant) and not _read_anywhere(scope, stmt.targets[0].attr)


def plain_marks(decorator: FunctionDef, fn: str) -> frozenset[int]:
    """The targets of `fn.attr = name` / `fn.attr = 3` statements at the decorator's top level."""
    return frozenset(id(stmt.targets[0]) for stmt in decorator.body
                     if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                     and isinstance(stmt.targets[0], ast.Attribute) and isinstance(stmt.targets[0].value, ast.Name)
                     and stmt.targets[0].value.id == fn and isinstance(stmt.value, (ast.Name, ast.Constant)))


def _read_anywhere(scope, attr: str) -> bool:
    """Some code of the module may read attribute `attr` of an object: `x.attr`, or `getattr` /
    `hasattr` / `vars` / `__dict__` with anything but a literal name (one walk per module)."""
    reads = getattr(scope.tree, "_shardfix_attribute_reads", None)
    if reads is None:
        names: set[str] = set()
        for node in ast.walk(scope.tree):
            if type(node) is ast.Attribute and (type(node.ctx) is ast.Load or node.attr == "__dict__"):
                names.add(node.attr)
            elif type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in ("getattr", "hasattr", "vars"):
                name = node.args[1] if node.func.id != "vars" and len(node.args) > 1 else None
                names.add(name.value if type(name) is ast.Constant and type(name.value) is str else "*")
        reads = scope.tree._shardfix_attribute_reads = frozenset(names)
    return attr in reads or "*" in reads or "__dict__" in reads


def _returns_param(scope, decorator: FunctionDef, scopes, on_def: bool = False) -> bool:
    """`def register(fn): ...; return fn`, or one returning a wraps pass-through of fn."""
    params = positional_params(decorator.args)
    if decorator.decorator_list or len(params) != 1 or not decorator.body \
            or not isinstance(decorator.body[-1], ast.Return):
        return False
    fn = params[0].arg
    marks = _unread_marks(scope, decorator, fn) | given_marks(scope, decorator, fn, scopes) if not on_def \
        else plain_marks(decorator, fn)
    if _stores(decorator, {fn}, marks) or len(_returns(decorator)) != 1:
        return False
    value = decorator.body[-1].value
    if isinstance(value, ast.Name) and value.id == fn:
        return True
    if not isinstance(value, ast.Name):
        return False
    wrappers = [stmt for stmt in decorator.body if isinstance(stmt, DEFS) and stmt.name == value.id]
    rebound = [node for node in iter_nodes(decorator) if isinstance(node, ast.Name) and node.id == value.id
               and not isinstance(node.ctx, ast.Load)]
    return len(wrappers) == 1 and not rebound and _passes_through(scope, wrappers[0], fn, scopes + (decorator,))


def _passes_through(scope, wrapper: FunctionDef, fn: str, scopes) -> bool:
    """`@functools.wraps(fn) def inner(*args, **kwargs): ...; return fn(*args, **kwargs)`, or
    `out = fn(*args, **kwargs); ...; return out` (a timer, a log line), each statement of the
    call and the return on the straight path (under nothing but `with`)."""
    for decorator in wrapper.decorator_list:
        if not (isinstance(copied := wraps_of(scope, decorator, scopes), ast.Name) and copied.id == fn):
            return False
    args = wrapper.args
    names = [param.arg for param in positional_params(args)]
    keyword_only = [param.arg for param in args.kwonlyargs]
    every = names + keyword_only + [param.arg for param in (args.vararg, args.kwarg) if param is not None]
    returns = _returns(wrapper)
    calls = [node for node in _own_nodes(wrapper) if type(node) is ast.Call and type(node.func) is ast.Name
             and node.func.id == fn]
    if _stores(wrapper, set(every) | {fn}) or len(returns) != 1 or len(calls) != 1 \
            or not _ends(wrapper.body, returns[0]) or _changed_in_place(wrapper, set(every), calls[0]):
        return False
    call, value = calls[0], returns[0].value
    if value is not call:
        assigns = [stmt for stmt in _straight(wrapper.body) if type(stmt) is ast.Assign and stmt.value is call]
        if type(value) is not ast.Name or len(assigns) != 1 or len(assigns[0].targets) != 1 \
                or type(assigns[0].targets[0]) is not ast.Name or assigns[0].targets[0].id != value.id \
                or sum(1 for node in _own_nodes(wrapper) if type(node) is ast.Name and node.id == value.id
                       and not isinstance(node.ctx, ast.Load)) != 1:
            return False
        if any(type(node) in (ast.Attribute, ast.Subscript) and not isinstance(node.ctx, ast.Load)
               and type(node.value) is ast.Name and node.value.id == value.id for node in _own_nodes(wrapper)):
            return False
    want = [ast.dump(ast.Name(id=name, ctx=ast.Load())) for name in names]
    if args.vararg is not None:
        want.append(ast.dump(ast.Starred(value=ast.Name(id=args.vararg.arg, ctx=ast.Load()), ctx=ast.Load())))
    want_keywords = sorted([(name, ast.dump(ast.Name(id=name, ctx=ast.Load()))) for name in keyword_only]
                           + ([("", ast.dump(ast.Name(id=args.kwarg.arg, ctx=ast.Load())))] if args.kwarg else []))
    got_keywords = sorted((keyword.arg or "", ast.dump(keyword.value)) for keyword in call.keywords)
    return [ast.dump(arg) for arg in call.args] == want and got_keywords == want_keywords


# What a wrapper may do with its parameters and still hand them on as the caller gave them.
_READ_METHODS = frozenset({"get", "keys", "values", "items", "copy", "count", "index"})
_READERS = frozenset({"print", "len", "repr", "str", "sorted", "list", "tuple", "dict", "isinstance", "type", "format",
                      "debug", "info", "warning", "warn", "error", "exception", "critical", "log"})


def _changed_in_place(wrapper: FunctionDef, names: set[str], call: ast.Call) -> bool:
    """A parameter the wrapper may change without rebinding it: `kwargs.update(axes=...)`,
    `kwargs.setdefault(...)`, `args_list.append(...)`, or handed to a helper that may."""
    for node in _own_nodes(wrapper):
        if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id in names \
                and node.attr not in _READ_METHODS:
            return True
        if type(node) is ast.Call and node is not call:
            func = node.func
            name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
            given = [*node.args, *(keyword.value for keyword in node.keywords)]
            if name not in _READERS and any(type(arg.value if type(arg) is ast.Starred else arg) is ast.Name
                                            and (arg.value if type(arg) is ast.Starred else arg).id in names
                                            for arg in given):
                return True
    return False


def _straight(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of `body` always run in order (entering `with` blocks, nothing else)."""
    found: list[ast.stmt] = []
    for stmt in body:
        found.append(stmt)
        if type(stmt) in (ast.With, ast.AsyncWith):
            found += _straight(stmt.body)
    return found


def _ends(body: list[ast.stmt], returned: ast.Return) -> bool:
    """`returned` is the last statement run: the body's last, or that of a `with` ending it."""
    last = body[-1] if body else None
    return last is returned or type(last) in (ast.With, ast.AsyncWith) and _ends(last.body, returned)


def _own_nodes(function: FunctionDef):
    return iter_nodes(function, prune=lambda n: n is not function and type(n) in DEFS + (ast.Lambda,))


def _stores(function: FunctionDef, names: set[str], allowed: frozenset[int] = frozenset()) -> bool:
    """A name of `names` rebound, deleted or declared nonlocal/global anywhere inside, or an
    attribute or item of one written (but the `allowed` targets)."""
    for node in iter_nodes(function):
        if isinstance(node, ast.Name) and node.id in names and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load) \
                and isinstance(node.value, ast.Name) and node.value.id in names and id(node) not in allowed:
            return True
        if isinstance(node, (ast.Nonlocal, ast.Global)) and names & set(node.names):
            return True
    return False


def _returns(function: FunctionDef) -> list[ast.Return]:
    """The return statements of `function` itself (not of defs or lambdas inside it)."""
    return [node for node in _own_nodes(function) if type(node) is ast.Return]


def lexical_scopes(frame) -> tuple:
    """The defs enclosing code run in `frame` (an interpreter Frame), outermost first: the run
    frames' functions up to the static frame, whose scopes they extend."""
    chain = []
    while frame is not None and frame.static_scopes is None:
        if isinstance(frame.function, DEFS):
            chain.append(frame.function)
        frame = frame.parent
    return tuple(frame.static_scopes if frame is not None else ()) + tuple(reversed(chain))
