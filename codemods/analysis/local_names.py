"""Local names followed to the one assignment that certainly gives them their value (LibCST).

A name is followed to its single reaching binding (`resolve_name`): the last binding before the
use in the same function (or module), in a block that encloses the use and not rebound later in
an enclosing loop; a name a nested function reads from an enclosing scope must be bound exactly
once there. `parents` and `scope_of` give every node's parent and namespace.
"""
from __future__ import annotations

import ast
from dataclasses import field
from codemods.dataclass_code import dataclass

from codemods import jaxapi
from codemods.analysis.named_axes import tuple_item
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

MAX_DEPTH = 8  # local names followed through at most this many assignments


def follow_names(ctx: FileContext, expr: cst.BaseExpression) -> tuple[cst.BaseExpression | None, bool]:
    """`expr`, or the value a local name holds; and whether no name was followed."""
    node: cst.BaseExpression | None = expr
    for _ in range(MAX_DEPTH):
        if not isinstance(node, cst.Name) or node.value in ("None", "True", "False"):  # keywords: never rebound
            return node, node is expr
        binding = resolve_name(ctx, node)
        node = binding.value if binding is not None and binding.kind == "assign" else None
        if binding is not None and binding.kind == "item":
            held, _ = follow_names(ctx, binding.value)
            if isinstance(held, cst.Call):  # `params, opt = init(params)`: what the helper returns
                from codemods.analysis.tree_items import returned_tuple

                held = returned_tuple(ctx, held)
            node = tuple_item(held, *binding.item)
        if node is None:
            return None, False
    return None, False


@dataclass(frozen=True)
class Binding:
    """One binding of a name: `assign` (x = value), `def` (def x / class x) or `other`."""

    name: str
    kind: str
    start: int  # offsets of the binding (for `assign`: the whole assignment statement)
    end: int
    node: cst.CSTNode  # the statement (assign, item), the FunctionDef/ClassDef (def), or the bound Name
    value: cst.BaseExpression | None = None
    item: tuple[int, int] = (0, 0)  # `DP, TP = AXES` (item): DP is item 0 of the 2 that AXES holds


@dataclass
class _ScopeInfo:
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    declared: set[str] = field(default_factory=set)  # global / nonlocal names
    params: set[str] = field(default_factory=set)


# By class name, so that importing this module does not load LibCST.
_COMPREHENSIONS = frozenset({"ListComp", "SetComp", "DictComp", "GeneratorExp"})
_LOOPS = frozenset({"For", "While"})


def _is_comprehension(node: cst.CSTNode) -> bool:
    return type(node).__name__ in _COMPREHENSIONS


def parents(ctx: FileContext):
    def compute() -> dict:  # ParentNodeProvider's mapping without its visitor, parents first
        from codemods.analysis.cst_children import field_children
        found, pending = {}, [(child, ctx.module) for child in reversed(field_children(ctx.module))]
        while pending:
            node, parent = pending.pop()
            found[node] = parent
            pending.extend((child, node) for child in reversed(field_children(node)))
        return found
    return ctx.cached("specs.parents", compute)


def scope_of(ctx: FileContext, node: cst.CSTNode) -> cst.CSTNode:
    """The function, lambda, class, comprehension or module whose namespace `node` reads."""
    parent_of = parents(ctx)
    child = node
    current = parent_of.get(node)
    while current is not None:
        if isinstance(current, (cst.FunctionDef, cst.Lambda)) and child is current.body:
            return current
        if isinstance(current, cst.ClassDef) and child is current.body:
            return current
        if _is_comprehension(current):
            return current
        if isinstance(current, cst.Module):
            return current
        child, current = current, parent_of.get(current)
    return ctx.module


def binding_scope(ctx: FileContext, node: cst.CSTNode) -> cst.CSTNode:
    """scope_of, past comprehensions that do not bind the name `node` reads (`batch` in
    `{k: batch[k] for k in KEYS}` is the function's)."""
    scope = scope_of(ctx, node)
    while _is_comprehension(scope) and isinstance(node, cst.Name) and node.value not in _scope_info(ctx, scope).params \
            and node.value not in _scope_info(ctx, scope).bindings:
        scope = scope_of(ctx, scope)
    return scope


def _scope_info(ctx: FileContext, scope: cst.CSTNode) -> _ScopeInfo:
    cache = ctx.cached("specs.scope-bindings", dict)
    if id(scope) not in cache:
        cache[id(scope)] = _collect(ctx, scope)
    return cache[id(scope)]


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def _collect(ctx: FileContext, scope: cst.CSTNode) -> _ScopeInfo:
    info = _ScopeInfo()

    def add(name: str, kind: str, node: cst.CSTNode, value=None, span_node: cst.CSTNode | None = None,
            item: tuple[int, int] = (0, 0)) -> None:
        start, end = ctx.offsets(span_node or node)
        info.bindings.setdefault(name, []).append(Binding(name, kind, start, end, node, value, item))

    def add_other(target: cst.BaseExpression) -> None:
        for name in _target_names(target):
            add(name.value, "other", name)

    class _Bindings(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            add(node.name.value, "def", node, span_node=node.name)
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            add(node.name.value, "def", node, span_node=node.name)
            return False

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Assign(self, node: cst.Assign) -> None:
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    add(target.target.value, "assign", node, node.value)
                elif _unpacks(target.target, node.value):
                    # `DP, TP = 'i', 'j'`: each name holds its own item
                    for item_target, item in zip(target.target.elements, node.value.elements):
                        add(item_target.value.value, "assign", node, item.value, span_node=item_target.value)
                elif _unpacks(target.target, target.target) and isinstance(node.value, (cst.Name, cst.Call)):
                    size = len(target.target.elements)
                    for index, item_target in enumerate(target.target.elements):
                        add(item_target.value.value, "item", node, node.value, item_target.value, (index, size))
                else:
                    add_other(target.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            if node.value is None:
                return
            if isinstance(node.target, cst.Name):
                add(node.target.value, "assign", node, node.value)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            add_other(node.target)

        def visit_For(self, node: cst.For) -> None:
            add_other(node.target)

        def visit_CompFor(self, node: cst.CompFor) -> None:
            pass  # comprehension targets live in the comprehension's own scope

        def visit_WithItem(self, node: cst.WithItem) -> None:
            if node.asname is not None:
                add_other(node.asname.name)

        def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
            if node.name is not None:
                add_other(node.name.name)

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            add_other(node.target)

        def visit_Del(self, node: cst.Del) -> None:
            add_other(node.target)

        def visit_Import(self, node: cst.Import) -> bool:
            for alias in node.names:
                if alias.asname is not None:
                    add_other(alias.asname.name)
                else:
                    head = alias.name
                    while isinstance(head, cst.Attribute):
                        head = head.value
                    add_other(head)
            return False

        def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
            if isinstance(node.names, cst.ImportStar):
                info.declared.add("*")
                return False
            for alias in node.names:
                add_other(alias.asname.name if alias.asname is not None else alias.name)
            return False

        def visit_Global(self, node: cst.Global) -> None:
            info.declared.update(item.name.value for item in node.names)

        def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
            info.declared.update(item.name.value for item in node.names)

        def visit_MatchAs(self, node) -> None:
            if node.name is not None:
                add_other(node.name)

        def visit_MatchStar(self, node) -> None:
            if node.name is not None:
                add_other(node.name)

        def visit_MatchMapping(self, node) -> None:
            if node.rest is not None:
                add_other(node.rest)

    class _Walrus(cst.CSTVisitor):
        """Inside comprehensions only `:=` binds in the enclosing scope."""

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            add_other(node.target)

    class _Scoped(_Bindings):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if _is_comprehension(node):
                node.visit(_Walrus())
                return False
            return super().on_visit(node)

    visitor = _Scoped()
    if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
        params = scope.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            info.params.add(param.name.value)
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                info.params.add(star.name.value)
        scope.body.visit(visitor)
    elif isinstance(scope, cst.ClassDef):
        scope.body.visit(visitor)
    elif _is_comprehension(scope):
        for comp in _comp_fors(scope):
            for name in _target_names(comp.target):
                info.params.add(name.value)
    else:
        for statement in scope.body:
            statement.visit(visitor)
    for bindings in info.bindings.values():
        bindings.sort(key=lambda b: (b.start, b.end))
    return info


def _comp_fors(comp: cst.CSTNode) -> list[cst.CompFor]:
    found = []
    current = comp.for_in
    while current is not None:
        found.append(current)
        current = current.inner_for_in
    return found


def _is_ancestor(ctx: FileContext, ancestor: cst.CSTNode, node: cst.CSTNode) -> bool:
    parent_of = parents(ctx)
    current = node
    while current is not None:
        if current is ancestor:
            return True
        current = parent_of.get(current)
    return False


def resolve_name(ctx: FileContext, name: cst.Name) -> Binding | None:
    """The one binding that certainly gives `name` its value at this use, or None."""
    scope = scope_of(ctx, name)
    use = ctx.offsets(name)[0]
    # The use's own scope, and comprehensions (evaluated at once, where they stand): the last
    # binding before the use, if it dominates it.
    while True:
        info = _scope_info(ctx, scope)
        if name.value in info.declared or "*" in info.declared:
            return None
        bindings = info.bindings.get(name.value, [])
        if isinstance(scope, cst.Module) and not _sees_all_module_bindings(ctx, name.value, bindings):
            return None
        # `params, opt = step(params, grads, opt)`: the call reads what the names held before
        before = [b for b in bindings if b.end <= use and not _in_own_statement(ctx, b, use)]
        if before:
            return _dominating(ctx, before[-1], bindings, name, use)
        if name.value in info.params:
            return None
        if isinstance(scope, cst.Module) or not _is_comprehension(scope):
            break
        use = ctx.offsets(scope)[0]
        scope = scope_of(ctx, scope)
    if isinstance(scope, cst.Module) or _scope_info(ctx, scope).bindings.get(name.value):
        return None
    # A function reads enclosing names when it runs: only a single binding there is certain.
    while not isinstance(scope, cst.Module):
        scope = scope_of(ctx, scope)
        while isinstance(scope, cst.ClassDef):
            scope = scope_of(ctx, scope)
        info = _scope_info(ctx, scope)
        if _opaque(info, name.value):
            return None
        bindings = info.bindings.get(name.value, [])
        if isinstance(scope, cst.Module) and not _sees_all_module_bindings(ctx, name.value, bindings):
            return None
        if bindings:
            return bindings[0] if len(bindings) == 1 and bindings[0].kind in ("assign", "item", "def") else None
    return None


def _in_own_statement(ctx: FileContext, binding: Binding, use: int) -> bool:
    """Whether `use` lies in the assignment that makes `binding` (its value runs first)."""
    if binding.kind not in ("assign", "item") or not isinstance(binding.node, (cst.Assign, cst.AnnAssign)):
        return False
    start, end = ctx.offsets(binding.node)
    return start <= use < end


def _sees_all_module_bindings(ctx: FileContext, name: str, bindings: list[Binding]) -> bool:
    """The engine may analyse a sparse text (unrelated top-level statements blanked out): a
    module-level name is only followed when the whole file binds it no more often than we see."""
    return _module_binding_counts(ctx).get(name, 0) == len(bindings)


def _module_binding_counts(ctx: FileContext) -> dict[str, int]:
    """How often each name is bound at module level in the whole file (Python's `ast`)."""
    def compute() -> dict[str, int]:
        counts: dict[str, int] = {}

        def bind(name: str) -> None:
            counts[name] = counts.get(name, 0) + 1

        def walk(node: ast.AST) -> None:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bind(node.name)
                return
            if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                return
            if isinstance(node, ast.AnnAssign) and node.value is None:
                return
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                bind(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name != "*":
                        bind(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
                bind(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                bind(node.rest)
            for child in ast.iter_child_nodes(node):
                walk(child)

        walk(ctx.tree)
        return counts

    return ctx.cached("specs.module-binding-counts", compute)


def _opaque(info: _ScopeInfo, name: str) -> bool:
    return name in info.declared or "*" in info.declared or name in info.params


def _dominating(ctx: FileContext, last: Binding, bindings: list[Binding], name: cst.Name, use: int) -> Binding | None:
    if last.kind == "other":
        return None
    parent_of = parents(ctx)
    statement = last.node
    if last.kind in ("assign", "item"):
        statement = parent_of.get(last.node)  # the SimpleStatementLine / SimpleStatementSuite
    block = parent_of.get(statement) if statement is not None else None
    while block is not None and not _is_ancestor(ctx, block, name) and _plain_with(ctx, parent_of.get(block)):
        block = parent_of.get(parent_of.get(block))  # `with jax.set_mesh(m): w = ...` then `w` after the block
    if block is None or not _is_ancestor(ctx, block, name):
        return None
    # A rebinding later in a loop that also holds the use reaches it on the next iteration.
    later = [b for b in bindings if b.start >= use]
    current = parent_of.get(name)
    while current is not None and current is not block:
        if type(current).__name__ in _LOOPS:
            start, end = ctx.offsets(current)
            if any(start <= b.start < end for b in later):
                return None
        current = parent_of.get(current)
    return last


# Context managers that never swallow an exception: their block either runs to its end or the
# code after it never runs, so a binding in the block reaches the code after it.
_PLAIN_CONTEXTS = frozenset(jaxapi.CONTEXT_MESH_SETTERS) | {
    "jax.named_scope", "jax.default_device", "jax.profiler.trace", "jax.profiler.TraceAnnotation"}


def _plain_with(ctx: FileContext, node) -> bool:
    """A `with` (not `async with`) whose every item is a call of one of _PLAIN_CONTEXTS."""
    return isinstance(node, cst.With) and node.asynchronous is None and all(
        isinstance(item.item, cst.Call) and ctx.imports.resolve(item.item.func) in _PLAIN_CONTEXTS for item in node.items)


def _unpacks(target: cst.BaseExpression, value: cst.BaseExpression) -> bool:
    """A tuple of plain names bound to a tuple literal of as many plain items."""
    kinds = (cst.Tuple, cst.List)
    return (isinstance(target, kinds) and isinstance(value, kinds) and len(target.elements) == len(value.elements)
            and all(type(item) is cst.Element and isinstance(item.value, cst.Name) for item in target.elements)
            and all(type(item) is cst.Element for item in value.elements))
