"""Whether a tree held by a function's own local name stays as built until it is read.

spec_sources.py asks whether a dict may change before `tree['w']` is read by looking at every use
of the name in the file: a `params` passed to `train_step(params, batch)` in another function
makes every `params` unknown. A name assigned in the function holding the read (not a parameter,
`global` or `nonlocal`) is another variable than the same name elsewhere; only the uses in that
function (nested functions included) can change its tree: an item stored or deleted, a method
other than a read, or the tree passed to a call other than a `jax` function, a builtin or a
module helper that only reads (reading_helpers.py), or stored in another object. Returning it (alone or in a returned tuple or dict)
ends the function. Read on Python's `ast` of the whole file.
"""
from __future__ import annotations

import ast

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_READS = frozenset({"get", "keys", "values", "items", "copy"})
_BUILTIN_READS = frozenset({"tuple", "list", "len", "sorted", "iter", "isinstance"})


def kept_local(ctx: FileContext, name: cst.Name, param: bool = False, through: cst.Call | None = None) -> bool:
    """True when `name` is a local the function holding this read assigns (or, with `param`, also
    one of its parameters), and no code of that function lets its tree change or escape (see the
    module docstring), except as an argument of the call `through` (the call being followed);
    False when unknown."""
    from codemods.analysis.local_names import _scope_info, binding_scope

    function = binding_scope(ctx, name)
    if not isinstance(function, cst.FunctionDef):
        return False
    info = _scope_info(ctx, function)
    # A parameter also assigned in the function counts as a local: the read was followed to
    # one of its assignments.
    if name.value in info.declared or "*" in info.declared \
            or not (info.bindings.get(name.value) or param and name.value in info.params):
        return False
    found = _ast_function(ctx, function)
    changed = _changed_locals(ctx, found) if found is not None else {"*": [(0, 0)]}
    if "*" in changed:
        return False
    allowed = ctx.offsets(through) if through is not None else (0, -1)
    before, after = _window(ctx, name, function)
    return all(allowed[0] <= start and end <= allowed[1] or end <= before or start >= after
               for start, end in changed.get(name.value, ()))


def _window(ctx: FileContext, name: cst.Name, function: cst.FunctionDef) -> tuple[int, int]:
    """(end of the assignment `name` reads, end of the statement reading it) when no loop holds
    the read: what the code did to the object the name held before that assignment
    (`params, opt = step(params, grads, opt)`), or does to it after a `jax` call read its
    leaves, does not change what the read sees. (-1, no offset) otherwise."""
    from codemods.analysis.local_names import parents, resolve_name

    nothing = (-1, len(ctx.source) + 1)
    node, statement = parents(ctx).get(name), None
    while node is not None and node is not function:
        if isinstance(node, (cst.For, cst.While, cst.FunctionDef, cst.Lambda, cst.ClassDef)) \
                or type(node).__name__ in ("ListComp", "SetComp", "DictComp", "GeneratorExp"):
            return nothing
        if statement is None and isinstance(node, cst.SimpleStatementLine):
            statement = node
        node = parents(ctx).get(node)
    if node is not function or statement is None:
        return nothing
    binding = resolve_name(ctx, name)
    before = binding.end if binding is not None and binding.kind in ("assign", "item") \
        and binding.end <= ctx.offsets(name)[0] else -1
    if binding is not None and binding.kind == "item" and isinstance(binding.node, cst.Assign) \
            and ctx.offsets(binding.node)[1] <= ctx.offsets(name)[0]:
        # `params, opt = step(params, grads, opt)`: the call reads the old tree before the names
        # are bound; what it does to that one is no change of the tree the new name holds
        before = ctx.offsets(binding.node)[1]
    # Only a `jax` function reads the tree's leaves at once (`jax.tree.map(f, params)`); any
    # other call may keep the dict and read it later (`Holder(params)`).
    arg, call = parents(ctx).get(name), parents(ctx).get(parents(ctx).get(name))
    eager = isinstance(arg, cst.Arg) and isinstance(call, cst.Call) and arg in call.args \
        and (ctx.imports.resolve(call.func) or "").startswith("jax.")
    return before, ctx.offsets(statement)[1] if eager else nothing[1]


def unchanged(ctx: FileContext, table: cst.BaseExpression) -> bool:
    """Whether the file never changes the dict `table` names (for a local of the reading
    function, only that function's code counts)."""
    from codemods.analysis.table_changes import _mutated, _table_name

    if isinstance(table, cst.Name) and kept_local(ctx, table):
        return True
    if isinstance(table, cst.Subscript):
        return _inner_unchanged(ctx, table)
    if not isinstance(table, (cst.Name, cst.Attribute)):
        return False
    mutated = _mutated(ctx)
    return _table_name(table) not in mutated and "*" not in mutated


def _inner_unchanged(ctx: FileContext, table: cst.Subscript) -> bool:
    """`STATE["layouts"]` of a module table (`STATE = {"layouts": {...}}`) no code changes or
    hands on, at any depth of string keys on the way (nested_tables.py)."""
    from codemods.analysis.nested_tables import inner_dicts_unchanged

    node, keys = _string_path(table)
    if not isinstance(node, cst.Name) or not unchanged(ctx, node):
        return False
    scope = None
    if kept_local(ctx, node):  # a local: its inner dicts change only in its own function
        from codemods.analysis.local_names import scope_of

        function = scope_of(ctx, node)
        scope = _ast_function(ctx, function) if isinstance(function, cst.FunctionDef) else None
        if scope is None:
            return False
    return inner_dicts_unchanged(ctx, node.value, tuple(keys), False, scope)


def literal_unchanged(ctx: FileContext, literal: cst.CSTNode | None) -> bool:
    """Whether a dict or list literal reached through names (`SPECS = {...}`) is never changed
    in place through the names its assignment binds (`SPECS.update(...)`, `SPECS['w'] = ...`, a
    helper handed `SPECS` that writes it): only then are its items what a later read meets. A
    table stored on an object and changed through another name is not seen here."""
    from codemods.analysis.local_names import parents
    from codemods.analysis.mutation import mutated_names

    parent = parents(ctx).get(literal) if literal is not None else None
    if isinstance(parent, cst.Assign) and parent.value is literal:
        targets = [target.target for target in parent.targets]
    elif isinstance(parent, (cst.AnnAssign, cst.AugAssign)) and parent.value is literal:
        targets = [parent.target]
    else:
        return True  # written in place where it is read
    changed = mutated_names(ctx.tree)
    return all(isinstance(target, cst.Name) and target.value not in changed
               or isinstance(target, cst.Attribute) and "." + target.attr.value not in changed for target in targets)


def _ast_function(ctx: FileContext, function: cst.FunctionDef) -> ast.FunctionDef | None:
    offsets = ctx.offsets(function)
    table = ctx.cached("local_tables.functions", lambda: {
        ctx.offsets(node): node for node in ast.walk(ctx.tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))})
    return table.get(offsets)


def _changed_locals(ctx: FileContext, function: ast.FunctionDef) -> dict[str, list]:
    cache = ctx.cached("local_tables.changed", dict)
    if id(function) not in cache:
        cache[id(function)] = _compute(ctx, function)
    return cache[id(function)]


def _compute(ctx: FileContext, function: ast.FunctionDef) -> dict[str, list]:
    """{name: offsets of each use that may change or let escape its tree}; "*" for `globals()`."""
    from codemods.analysis.bindings import ast_dotted, resolve_dotted
    from codemods.analysis.iterated import _bound_names
    from codemods.analysis.reading_helpers import reads_only

    bindings = ctx.imports.bindings
    parent_of = {child: node for node in ast.walk(function) for child in ast.iter_child_nodes(node)}
    names: dict[str, list] = {}

    def add(name: str, node: ast.AST) -> None:
        names.setdefault(name, []).append(ctx.offsets(node))

    def reading_call(call: ast.Call) -> bool:
        if isinstance(call.func, ast.Name) and call.func.id in _BUILTIN_READS and call.func.id not in _bound_names(ctx):
            return True
        callee = ast_dotted(call.func)
        resolved = resolve_dotted(bindings, callee) if callee else None
        return resolved is not None and resolved.startswith("jax.")

    def returned(node: ast.AST) -> bool:
        parent = parent_of.get(node)
        while isinstance(parent, (ast.Tuple, ast.List, ast.Dict)):
            node, parent = parent, parent_of.get(parent)
        return isinstance(parent, ast.Return)

    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id in ("globals", "locals", "vars", "exec", "eval"):
            add("*", node)
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
            continue
        parent = parent_of.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            if not isinstance(parent.ctx, ast.Load) or isinstance(parent_of.get(parent), ast.AugAssign):
                add(node.id, node)
        elif isinstance(parent, ast.Attribute) and parent.value is node:
            if parent.attr not in _READS:
                add(node.id, node)
        elif isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node:
            continue
        elif isinstance(parent, ast.Compare) or returned(node):
            continue
        elif isinstance(parent, ast.keyword) and isinstance(parent_of.get(parent), ast.Call) \
                and (reading_call(parent_of[parent]) or reads_only(ctx, parent_of[parent], node)):
            continue
        elif isinstance(parent, ast.Call) and node is not parent.func \
                and (reading_call(parent) or reads_only(ctx, parent, node)):
            continue  # a jax function, a reading builtin, or a module helper that only reads it
        else:
            add(node.id, node)
    return names


def holder_kept(ctx: FileContext, literal: cst.BaseExpression, read: cst.BaseExpression) -> bool:
    """Whether the dict literal `literal`, reached from `read` through parameters or fields, is
    changed by no code through the name it is assigned to (`specs = {...}` handed to
    `Table(mesh, specs)`, then `specs['w'] = P()`): every use of that name (in its function, or
    anywhere for a module name) reads it, or hands it to a construction of a plain module class
    (whose fields are checked where they are read). A literal assigned to nothing is reachable
    only through what holds it; `read` naming the literal itself is checked by `unchanged`."""
    from codemods.analysis.local_names import parents, scope_of

    assign = parents(ctx).get(literal)
    if not isinstance(assign, cst.Assign) or assign.value is not literal:
        return True
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return False
    name = assign.targets[0].target
    if isinstance(read, cst.Name) and read.value == name.value:
        return True
    function = scope_of(ctx, name)
    root = _ast_function(ctx, function) if isinstance(function, cst.FunctionDef) else ctx.tree
    return root is not None and _only_read(ctx, root, name.value)


def _only_read(ctx: FileContext, root: ast.AST, name: str) -> bool:
    from codemods.analysis.bindings import ast_dotted, resolve_dotted
    from codemods.analysis.reading_helpers import reads_only
    from codemods.analysis.iterated import _bound_names
    from codemods.analysis.table_changes import _mutated, _stored_as_attribute

    parent_of = {child: node for node in ast.walk(root) for child in ast.iter_child_nodes(node)}
    classes = {node.name for node in ctx.tree.body if isinstance(node, ast.ClassDef)
               and not node.bases and not node.keywords and not node.decorator_list}

    def harmless_call(call: ast.AST) -> bool:
        if not isinstance(call, ast.Call):
            return False
        if isinstance(call.func, ast.Name) and call.func.id not in _bound_names(ctx) and call.func.id in _BUILTIN_READS:
            return True
        if isinstance(call.func, ast.Name) and call.func.id in classes:
            return True
        callee = ast_dotted(call.func)
        resolved = resolve_dotted(ctx.imports.bindings, callee) if callee else None
        return resolved is not None and resolved.startswith("jax.")

    for node in ast.walk(root):
        if isinstance(node, ast.Name) and node.id in ("globals", "locals", "vars", "exec", "eval"):
            return False
        if not isinstance(node, ast.Name) or node.id != name or not isinstance(node.ctx, ast.Load):
            continue
        top, parent = node, parent_of.get(node)
        while isinstance(parent, ast.Subscript) and parent.value is top:
            if not isinstance(parent.ctx, ast.Load):
                return False  # `specs['w'] = v`, `specs['a']['b'] = v`, `del specs['w']`
            top, parent = parent, parent_of.get(parent)
        if isinstance(parent, ast.Attribute) and parent.value is top:
            if parent.attr not in _READS:
                return False
        elif top is node and isinstance(parent, ast.arguments):
            if not _default_only_read(ctx, parent, parent_of.get(parent), node):
                return False
        elif top is node and _stored_as_attribute(parent, node):
            if "." + parent.targets[0].attr in _mutated(ctx):
                return False  # `self.layout = layout`: every `.layout` of the file must only be read
        elif top is node and not (isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node
                                  or isinstance(parent, ast.Compare)
                                  or isinstance(parent, ast.Call) and node is not parent.func
                                  and (harmless_call(parent) or reads_only(ctx, parent, node))
                                  or isinstance(parent, ast.keyword) and (harmless_call(parent_of.get(parent))
                                                                           or reads_only(ctx, parent_of.get(parent), node))):
            return False
    return True


def _default_only_read(ctx: FileContext, arguments: ast.arguments, function, node: ast.Name) -> bool:
    """`def dump(x, layouts=LAYOUTS)`: the default is the table itself, shared by every call that
    leaves the parameter out, so the function must only read the parameter too."""
    from codemods.analysis.table_changes import _default_of

    param = _default_of(arguments, node)
    active = ctx.cached("local_tables.defaults", set)
    if param is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
            or (id(function), param) in active:
        return False
    active.add((id(function), param))
    try:
        return _only_read(ctx, function, param)
    finally:
        active.discard((id(function), param))


def handed_kept(ctx: FileContext, name: cst.Name) -> bool | None:
    """For a parameter `name` of a module function or method: whether it holds a tree no code
    changes between where each caller builds it and this read (the function only reads it, and
    each call passes a fresh result, or a local the caller changes or lets escape nowhere but in
    that call). None when `name` is no such parameter."""
    from codemods.analysis.call_sites import parameter_function, passed
    from codemods.analysis.local_names import parents

    function = parameter_function(ctx, name)
    if function is None:
        return None
    values = passed(ctx, function, name.value)
    if not values or not kept_local(ctx, name, param=True):
        return False
    active = ctx.cached("local_tables.handed", set)
    for value, env in values:
        if returned_fresh(ctx, value, env):
            continue  # `main(*inputs())` of `cache` that `inputs` builds and returns
        call = parents(ctx).get(parents(ctx).get(value))
        if env is not None or not isinstance(call, cst.Call):
            return False
        if isinstance(value, cst.Name) and id(value) not in active and parameter_function(ctx, value) is not None \
                and kept_local(ctx, value, param=True, through=call):
            active.add(id(value))  # `dump(cache)` of `main`'s own parameter: handed on unchanged
            try:
                if handed_kept(ctx, value) is True:
                    continue
            finally:
                active.discard(id(value))
            return False
        if isinstance(value, cst.Call):
            continue  # `export(place(mesh, params))`: read as a direct read of the result is
        if not isinstance(value, cst.Name) or not kept_local(ctx, value, through=call):
            return False
    return True


def returned_fresh(ctx: FileContext, value, env) -> bool:
    """`main(*inputs())` (spec_sources._positional binds `main`'s parameters to the items of the
    tuple `inputs` returns, `env` binding `inputs`): whether `value` is such an item, a local of
    `inputs` that no code there changes or lets escape but that one `return`, and that no other
    item of the tuple reads (two parameters would hold one tree), or a call's result written in the
    tuple (`(init_cache(2),)`, as handed_kept reads `export(place(...))`). The tuple is unpacked at
    once, so the tree is the one `inputs` built."""
    from codemods.analysis.local_names import binding_scope
    from codemods.analysis.local_names import parents

    if env is None or not isinstance(value, (cst.Name, cst.Call)) or not isinstance(env.function, cst.FunctionDef):
        return False
    element = parents(ctx).get(value)
    returned = parents(ctx).get(element)
    if not isinstance(element, cst.Element) or not isinstance(returned, cst.Tuple) \
            or not isinstance(parents(ctx).get(returned), cst.Return):
        return False
    if isinstance(value, cst.Call):
        return True  # `(init_cache(2),)`: read as a direct read of the result is (handed_kept)
    if binding_scope(ctx, value) is not env.function:
        return False
    others = [other for other in returned.elements if other is not element]
    if any(isinstance(node, cst.Name) and node.value == value.value for other in others for node in _walk(other)):
        return False
    from codemods.analysis.filled_dicts import filling_loop

    return kept_local(ctx, value, through=filling_loop(ctx, value))  # a loop filling it may change it


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(current.children)


def handed_names(ctx: FileContext, name: cst.Name, records: bool = False) -> list | None:
    """The caller's names every call binds to the parameter `name`, when its function only reads
    it and each call passes a local of the caller that nothing in the caller changes or lets escape
    but that call (`export(placed)` after `placed = jax.tree.map(...)`, `snapshot(batch)` in
    `for batch in loader:`); else None. `records`: the parameter is only read for the fields of
    a record (record_fields.py checks that nothing stores them), so neither side's uses count."""
    from codemods.analysis.call_sites import parameter_function, passed
    from codemods.analysis.local_names import parents

    if not records and not kept_local(ctx, name, param=True):
        return None
    function = parameter_function(ctx, name)
    values = passed(ctx, function, name.value) if function is not None else None
    if not values:
        return None
    for value, env in values:
        call = parents(ctx).get(parents(ctx).get(value)) if isinstance(value, cst.Name) else None
        if env is not None or not isinstance(call, cst.Call) or not records and not kept_local(ctx, value, through=call):
            return None
    return [value for value, _ in values]


def returned_item(ctx: FileContext, read: cst.Subscript, env):
    """(item, Env) of `state["layouts"]["train"]` with `state = init_state(mesh)` of a one-return
    helper returning a dict literal (nested literals inside it), its parameters bound; the
    table changed by no code on the way (`unchanged`); else None."""
    from codemods.analysis.spec_sources import dict_item, follow_env
    from codemods.analysis.tree_leaves import _produced

    node, keys = _string_path(read)
    if not isinstance(node, cst.Name) or not unchanged(ctx, read.value):
        return None
    held, _, held_env = follow_env(ctx, node, env)
    if not isinstance(held, cst.Call):
        return None
    held, held_env = _produced(ctx, held, held_env)
    for key in keys:
        if not isinstance(held, cst.Dict):
            return None
        held = dict_item(held, key)
    return (held, held_env) if held is not None else None


def _string_path(read: cst.BaseExpression) -> tuple:
    """(root, keys) of `root["a"]["b"]` with string-literal keys; (None, ()) for any other key."""
    from codemods.analysis.specs import string_value

    keys: list[str] = []
    node = read
    while isinstance(node, cst.Subscript):
        key = string_value(node.slice[0].slice.value) \
            if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) else None
        if key is None:
            return None, ()
        keys.insert(0, key)
        node = node.value
    return node, tuple(keys)
