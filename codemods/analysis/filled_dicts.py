"""A dict filled by a loop over known keys, read like the comprehension it spells (SF104).

    cache = {}
    for name in ("keys", "values"):
        cache[name] = jax.device_put(init(name), NamedSharding(MESH, CACHE_SPEC))
    return cache

holds, at each key of the loop, the value the last assignment in the loop's body writes with the
loop variable bound to that key (the statements before it may only bind local names it reads:
`arr = rng.normal(...)`, each bound nowhere else in the function), exactly as `{name: ... for name in ("keys", "values")}` does. Read
only when that is certain: `cache = {}` binds the name once in its function, the `for` is the next
statement (no `else`, its target a plain name nothing else in the function binds, its iterable a
constant tuple, list or dict of strings: loop_keys._iterated_keys), its body is that single
assignment, the value does not read the dict, and no other code of the function changes the dict
or lets it escape before the read (local_tables.kept_local, with the loop as the one place
allowed to change it). A key the loop does not give is unknown (the read raises KeyError).
"""
from __future__ import annotations

from codemods.analysis.cst_children import reads_name
from codemods.analysis.spec_sources import Env
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def filled_item(ctx: FileContext, name: cst.Name, key: str, env: Env | None):
    """(the expression the loop stores at `key`, Env binding the loop variable to `key`) for a
    read `name` of a dict the loop before it fills (see the module docstring); else None."""
    found = _filling(ctx, name)
    if found is None or key not in found[3]:
        return None
    function, variable, value = found[:3]
    bound = dict(env.args) if env is not None and env.function is function else {}
    bound[variable] = (cst.SimpleString(repr(key)), None)
    targets, walked = _targets(ctx, found[4])
    if walked is not _walked_iter(ctx, found[4]):  # `for name, shape in SHAPES.items()`: the item at that key
        from codemods.analysis.spec_sources import dict_item, follow_spec

        item = dict_item(follow_spec(ctx, walked)[0], key)
        if item is not None:
            bound[targets[1]] = (item, None)
    return value, Env(function, bound)


def filled_keys(ctx: FileContext, node: cst.BaseExpression, env: Env | None = None) -> set | None:
    """The keys of the dict a read `name` of a filled dict holds; also of what a call of a module
    function returning such a dict by name gives (`init_cache(2)`); else None."""
    from codemods.analysis.spec_sources import returned_by

    if isinstance(node, cst.Call):
        returned = returned_by(ctx, node.func)
        node = returned[1] if returned is not None else None
    found = _filling(ctx, node) if isinstance(node, cst.Name) else None
    return set(found[3]) if found is not None else None


def filling_loop(ctx: FileContext, name: cst.Name) -> cst.For | None:
    """The loop filling the dict `name` reads (see the module docstring), else None."""
    found = _filling(ctx, name)
    return found[4] if found is not None else None


def _filling(ctx: FileContext, name: cst.Name):
    """(function, loop variable, stored value, keys, the loop) of the loop filling the dict `name` reads."""
    from codemods.analysis.local_names import _scope_info, binding_scope, parents, resolve_name
    from codemods.analysis.local_tables import kept_local
    from codemods.analysis.loop_keys import _iterated_keys

    binding = resolve_name(ctx, name)
    if binding is None or binding.kind != "assign" or not isinstance(binding.value, cst.Dict) \
            or binding.value.elements:
        return None
    function = binding_scope(ctx, name)
    assign = parents(ctx).get(binding.value)
    line = parents(ctx).get(assign)
    block = parents(ctx).get(line)
    if not isinstance(function, cst.FunctionDef) or not isinstance(assign, cst.Assign) or len(assign.targets) != 1 \
            or not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 \
            or not isinstance(block, cst.IndentedBlock) or parents(ctx).get(block) is not function:
        return None
    statements = list(block.body)
    index = next((i for i, stmt in enumerate(statements) if stmt is line), None)
    loop = statements[index + 1] if index is not None and index + 1 < len(statements) else None
    if not isinstance(loop, cst.For) or loop.orelse is not None or loop.asynchronous is not None \
            or ctx.offsets(name)[0] < ctx.offsets(loop)[1]:
        return None
    targets, walked = _targets(ctx, loop)
    if targets is None:
        return None
    variable = targets[0]
    info = _scope_info(ctx, function)
    if len(info.bindings.get(name.value, [])) != 1 or any(
            target in info.params or target in info.declared or len(info.bindings.get(target, [])) != 1
            for target in targets):
        return None
    value = _stored(loop, name.value, variable)
    if value is None or reads_name(value, name.value):
        return None
    for local, computed in _locals_before(loop):  # `arr = rng.normal(...)` before the store
        if local in (name.value, *targets) or local in info.params or local in info.declared \
                or len(info.bindings.get(local, [])) != 1 or reads_name(computed, name.value):
            return None
    keys = _iterated_keys(ctx, walked, dicts=walked is not _walked_iter(ctx, loop))
    if not keys or not kept_local(ctx, name, through=loop):
        return None
    return function, variable, value, keys, loop


def _stored(loop: cst.For, table: str, variable: str) -> cst.BaseExpression | None:
    """VALUE of a loop body that is exactly `table[variable] = VALUE`."""
    body = loop.body
    if not isinstance(body, cst.IndentedBlock) or _locals_before(loop) is None:
        return None
    line = body.body[-1]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    assign = line.body[0]
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    if not isinstance(target, cst.Subscript) or not isinstance(target.value, cst.Name) \
            or target.value.value != table or len(target.slice) != 1 \
            or not isinstance(target.slice[0].slice, cst.Index):
        return None
    index = target.slice[0].slice.value
    if not isinstance(index, cst.Name) or index.value != variable:
        return None
    return assign.value


def _locals_before(loop: cst.For) -> list[tuple[str, cst.BaseExpression]] | None:
    """(name, value) of each statement of the loop's body before its last, when each is a plain
    `name = value` (the value the store may read, computed afresh in each round); else None."""
    found = []
    for line in loop.body.body[:-1] if isinstance(loop.body, cst.IndentedBlock) else ():
        small = line.body[0] if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 else None
        if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
            return None
        found.append((small.targets[0].target.value, small.value))
    return found


def _enumerated(ctx: FileContext, loop: cst.For) -> tuple[cst.BaseExpression, cst.BaseExpression, str | None]:
    """(target, iterable, the count's name) of the loop, seen through `for i, name in
    enumerate(NAMES)` (the count names nothing the store reads by the key); `(loop.target,
    loop.iter, None)` for any other loop."""
    from codemods.analysis.host_scalars import _builtin

    walked, target = loop.iter, loop.target
    if isinstance(walked, cst.Call) and _builtin(ctx, walked.func, "enumerate") \
            and len(walked.args) == 1 and walked.args[0].keyword is None and not walked.args[0].star \
            and isinstance(target, cst.Tuple) and len(target.elements) == 2 \
            and all(isinstance(e, cst.Element) for e in target.elements) \
            and isinstance(target.elements[0].value, cst.Name):
        return target.elements[1].value, walked.args[0].value, target.elements[0].value.value
    return target, walked, None


def _walked_iter(ctx: FileContext, loop: cst.For) -> cst.BaseExpression:
    """What the loop walks, past `enumerate(...)`."""
    return _enumerated(ctx, loop)[1]


def _targets(ctx: FileContext, loop: cst.For) -> tuple:
    """([key variable] and the iterable, or [key variable, value variable] and the dict of a loop
    over `D.items()`; each maybe under `enumerate(...)`, whose count is listed last); (None,
    None) for any other target."""
    target, walked, count = _enumerated(ctx, loop)
    if isinstance(target, cst.Name):
        return [target.value] + ([count] if count else []), walked
    elements = target.elements if isinstance(target, cst.Tuple) else ()
    if len(elements) != 2 or not all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in elements) \
            or elements[0].value.value == elements[1].value.value \
            or not isinstance(walked, cst.Call) or not isinstance(walked.func, cst.Attribute) \
            or walked.func.attr.value != "items" or walked.args:
        return None, None
    return [e.value.value for e in elements] + ([count] if count else []), walked.func.value

