"""What the SF2xx rules read of a module, each walked once per file and shared by all of them:
import statements, the expressions a change can be found at, parents, scopes and the names
bound by one plain assignment."""
from __future__ import annotations

import ast
from collections import deque
from typing import Callable, Iterable, Iterator, NamedTuple

from codemods.analysis.node_children import child_nodes
from codemods.analysis.nodes import (iter_nodes, module_nodes, module_parents, names_by_id, node_positions,
                                     nodes_in_order, nodes_of_type)
from codemods.context import FileContext


def root(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node


def import_statements(ctx: FileContext) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, found once per file for all the SF2xx rules."""
    return ctx.cached("api-history:imports", lambda: _imports_in_walk_order(ctx.tree))


def _imports_in_walk_order(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """`imports_breadth_first` from the module's indexes: breadth first is by depth, and at one
    depth in the order of the module's node list (the order of the nodes' ancestors); every
    ancestor of a statement is a statement, a handler, a match case or the module, each a level
    of that walk."""
    imports = [*nodes_of_type(tree, ast.Import), *nodes_of_type(tree, ast.ImportFrom)]
    if not imports:
        return []
    parents, where = module_parents(tree), node_positions(tree)

    def key(stmt: ast.stmt) -> tuple[int, int]:
        depth, node = 0, stmt
        while (node := parents.get(id(node))) is not None:
            depth += 1
        return depth, where[stmt]
    return sorted(imports, key=key)


def imports_breadth_first(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements in `ast.walk`'s order (breadth first), entering only the fields that
    hold statements (or the handlers and match cases holding them): leaving out the subtrees
    that hold no statement changes neither a statement's depth nor the order of two of them."""
    queue = deque([tree])
    while queue:
        node = queue.popleft()
        kind = type(node)
        if kind is ast.Import or kind is ast.ImportFrom:
            yield node
            continue
        for name in _BLOCK_FIELDS.get(kind) or _block_fields(kind):
            queue.extend(getattr(node, name))


_BLOCK_FIELDS: dict[type, tuple[str, ...]] = {}


def _block_fields(kind: type) -> tuple[str, ...]:
    found = _BLOCK_FIELDS[kind] = tuple(name for name in kind._fields
                                        if name in ("body", "orelse", "finalbody", "handlers", "cases")
                                        and not issubclass(kind, ast.expr))
    return found


_CHAINS_AND_CALLS = (ast.Attribute, ast.Call, ast.With)


# What decides, for one SF2xx rule, whether a candidate is looked at (see `change_sites`).
ALWAYS, CALL, ATTRIBUTE = "always", "call", "attribute"


class ChangeSites(NamedTuple):
    """The candidates any SF2xx rule may report on, by their indexes in the module's node list:
    each one's site (node, test, key), the indexes under each key a rule asks for (`sites_for`)
    and those of the attributes (any of which a method change may match)."""

    site_at: dict[int, tuple[ast.AST, str, str | None]]  # but the plain attributes (`site`)
    index: dict[tuple, list[int]]
    attributes: list[int]
    by_attribute: dict[str, list[int]]  # each attribute name's attributes

    def site(self, position: int, nodes: list[ast.AST]) -> tuple[ast.AST, str, str | None]:
        found = self.site_at.get(position)
        if found is None:  # a plain attribute: its name is what a rule's change may match
            node = nodes[position]
            found = (node, ATTRIBUTE, node.attr)
        return found


def change_sites(ctx: FileContext, name_of: Callable[[ast.expr], str | None]) -> ChangeSites:
    """The candidates any SF2xx rule may report on, each with its test: ALWAYS (a
    `with`, a name or attribute resolving to an import), CALL with the callee's name (a call of
    a call: its inner callee's) for a rule to look up among its old names, ATTRIBUTE with the
    attribute's name (unresolved: a rule's attribute or method change may match). Read once per
    file for all of them (each used to ask it of every node), and indexed by what a rule asks
    for as they are found; `name_of` resolves a node."""
    def compute() -> ChangeSites:
        site_at: dict[int, tuple[ast.AST, str, str | None]] = {}
        index: dict[tuple, list[int]] = {}
        attributes: list[int] = []
        by_attribute: dict[str, list[int]] = {}
        bound = ctx.imports.bindings  # a chain whose head is bound to no import resolves to nothing
        # A chain `a.b.c` resolves to a name ending in `.c`, or to what an alias of that name
        # stands for: a chain ending in no old name's spelling resolves to none of the names a
        # rule asks for (`sites_for`), and is not resolved.
        tails = _old_tails()
        # The nodes of `expressions` a change can be found at, from the module's index of them in
        # walk order (import statements hold none): the inner parts of a dotted chain `a.b.c`
        # are left out as `_outermost` does. Names come after, from the index of names: only
        # those bound to an import can be a site (most names are not).
        inner: set[ast.AST] = set()  # the nodes themselves: they hash by identity, without an id() call each
        attribute, name, call = ast.Attribute, ast.Name, ast.Call
        positions, nodes = nodes_in_order(ctx.tree, _CHAINS_AND_CALLS)
        for position, node in zip(positions, nodes):
            kind = type(node)
            if kind is call:
                func = node.func
                if type(func) is attribute and func.attr not in tails:
                    continue  # its name would be a key no rule looks up
                if type(func) is name and bound.get(func.id) is None:
                    continue  # it resolves to nothing
                site = name_of(func)
                if site is None and type(func) is call:
                    site = name_of(func.func)
                if site is not None:
                    site_at[position] = (node, CALL, site)
                    index.setdefault(("call", site), []).append(position)
                continue
            if kind is attribute:
                if node in inner:
                    continue
                head = node.value
                if type(head) is attribute:  # a longer chain (most are `a.b`: no list for them)
                    parts = []
                    while type(head) is attribute:
                        parts.append(head)
                        head = head.value
                    if type(head) is name:  # a dotted chain: its parts are not visited again
                        inner.update(parts)
                        inner.add(head)
                elif type(head) is name:
                    inner.add(head)
                attributes.append(position)
                # Indexed by its attribute only, as above, unless it resolves to an import. (A
                # plain attribute's site is made when a rule picks it: most are never picked.)
                attr = node.attr
                if attr in tails and type(head) is name and bound.get(head.id) is not None \
                        and (reference := name_of(node)) is not None:
                    site_at[position] = (node, ALWAYS, None)
                    index.setdefault(("reference", reference), []).append(position)
                same = by_attribute.get(attr)
                if same is None:
                    by_attribute[attr] = [position]
                else:
                    same.append(position)
                continue
            site_at[position] = (node, ALWAYS, None)  # a `with`
            index.setdefault(("with", None), []).append(position)
        where = node_positions(ctx.tree)
        by_id = names_by_id(ctx.tree)
        load = ast.Load
        for bound_name in [key for key, value in bound.items() if value is not None and key in by_id]:
            for node in by_id[bound_name]:
                # (A store or delete is reported by no rule.)
                if type(node.ctx) is load and node not in inner and (resolved := name_of(node)) is not None:
                    position = where[node]
                    site_at[position] = (node, ALWAYS, None)
                    index.setdefault(("name", resolved), []).append(position)
        return ChangeSites(site_at, index, attributes, by_attribute)
    return ctx.cached("api-history:change-sites", compute)


def _old_tails() -> frozenset[str]:
    """The last parts of every dotted spelling (jaxapi.spellings) of an old name of any SF2xx
    change: a call or reference resolving to an old name is spelled with one of them."""
    from codemods import api_history as history
    from codemods.jaxapi import spellings

    names = frozenset(old for change in history.CHANGES for old in change.old)
    return frozenset(name.rpartition(".")[2] for name in spellings(names))


def sites_for(ctx: FileContext, name_of: Callable[[ast.expr], str | None], calls: frozenset[str],
              attributes: frozenset[str], names: frozenset[str], references: frozenset[str],
              methods: bool) -> list[tuple[ast.AST, str, str | None]]:
    """The change sites (in order) on which a rule may report: a call whose callee resolves to
    one of `calls`; a name read that resolves to one of `names`; an attribute resolving to one
    of `references` or named one of `attributes` (any attribute when `methods`); every `with`.
    From an index of the sites by those keys, made once per file: each SF2xx rule reports on a
    few of the thousands of sites, and no longer looks at each of them."""
    sites = change_sites(ctx, name_of)
    index = sites.index
    keys = [("call", name) for name in calls] + [("name", name) for name in names] \
        + [("reference", name) for name in references] + [("with", None)]
    chosen = {position for key in keys for position in index.get(key, ())}
    chosen.update(position for name in attributes for position in sites.by_attribute.get(name, ()))
    if methods:  # any attribute may be a method of an object of the old API
        chosen.update(sites.attributes)
    nodes = module_nodes(ctx.tree)
    return [sites.site(position, nodes) for position in sorted(chosen)]


def expression_nodes(ctx: FileContext) -> list[ast.AST]:
    """`expressions(ctx.tree)`, listed once per file."""
    return ctx.cached("api-history:expressions", lambda: list(expressions(ctx.tree)))


def expressions(tree: ast.Module) -> Iterator[ast.AST]:
    """Every node outside import statements, outermost first; a dotted chain is yielded whole
    (its inner parts are not visited again)."""
    # The module's shared node list is in this very order; what this walk leaves out is the
    # inside of import statements and the parts of a chain under its outermost attribute.
    return _outermost(node for node in iter_nodes(tree)
                      if type(node) is not ast.alias and type(node) is not ast.Import and type(node) is not ast.ImportFrom)


def _outermost(nodes: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """`nodes` (in walk order) without the inner parts of a dotted chain `a.b.c`."""
    inner: set[int] = set()
    for node in nodes:
        kind = type(node)
        if kind is ast.Attribute or kind is ast.Name:
            if id(node) in inner:
                continue
            if kind is ast.Attribute:
                head = node.value
                parts = []
                while type(head) is ast.Attribute:
                    parts.append(id(head))
                    head = head.value
                if type(head) is ast.Name:  # a dotted chain: its parts are not visited again
                    inner.update(parts)
                    inner.add(id(head))
        yield node


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)


def parents(ctx: FileContext) -> dict[int, ast.AST]:
    """id(node) -> its parent (expression contexts and operators left out: no rule asks for
    theirs); the module's shared map, walked once per file with its node list."""
    return module_parents(ctx.tree)


def scope_of(ctx: FileContext, target: ast.AST) -> ast.AST:
    parent_of = parents(ctx)
    node = target
    while not isinstance(node, SCOPES):
        node = parent_of[id(node)]
    return node


class Assignments(NamedTuple):
    """What `single_assignments` finds in one walk of a module."""

    values: dict[tuple[int, str], ast.expr]  # (scope id, name) -> the value of its one plain assignment
    bound: set[tuple[int, str]]  # every (scope id, name) bound in any way
    scope_of_name: dict[int, ast.AST]  # id(Name node) -> the scope it is in (as `scope_of`)


def single_assignments(tree: ast.Module) -> Assignments:
    """(scope id, name) -> the value of the one plain assignment of that name in that scope;
    names bound any other way (parameters, loops, `with ... as`, augmented assignments, more than
    one assignment) are left out. Also every (scope id, name) bound in any way, and the scope
    of every name (a def's decorators, defaults and annotations count as inside it, as they do
    for `scope_of`)."""
    counts: dict[tuple[int, str], int] = {}
    values: dict[tuple[int, str], ast.expr] = {}
    scope_of_name: dict[int, ast.AST] = {}
    # Parameters are counted when their function is met, before anything inside it, so the
    # order of the walk changes no count.
    pending: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while pending:
        scope, node = pending.pop()
        for child in child_nodes(node):
            kind = type(child)
            if kind is ast.Name:
                scope_of_name[id(child)] = scope
                if type(child.ctx) is not ast.Load:
                    key = (id(scope), child.id)
                    counts[key] = counts.get(key, 0) + 1
                continue
            if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.Lambda:
                for arg in ast.walk(child.args):
                    if isinstance(arg, ast.arg):
                        counts[(id(child), arg.arg)] = 2
                pending.append((child, child))
                continue
            if kind is ast.Assign and len(child.targets) == 1 and type(child.targets[0]) is ast.Name:
                values[(id(scope), child.targets[0].id)] = child.value
            pending.append((scope, child))
    return Assignments({key: value for key, value in values.items() if counts.get(key) == 1}, set(counts),
                       scope_of_name)


def assigned_value(ctx: FileContext, name: ast.Name) -> ast.expr | None:
    """The value of the one plain assignment of `name` in its function (or, when the function
    does not bind it, in the module)."""
    scope = _enclosing_scope(ctx.tree, name)
    if scope is None:  # the positions did not lead to it: the whole module's table
        assigned, bound, scope_of_name = ctx.cached("api-history:assignments", lambda: single_assignments(ctx.tree))
        scope = scope_of_name.get(id(name)) or scope_of(ctx, name)
        if (id(scope), name.id) not in bound:  # not bound in the function: the module's name
            scope = ctx.tree
        return assigned.get((id(scope), name.id))
    # A few names are asked about per file: only their own scopes are walked, not the module's.
    values, bound = _scope_assignments(ctx, scope)
    if name.id not in bound:
        values, bound = _scope_assignments(ctx, ctx.tree)
    return values.get(name.id)


def _enclosing_scope(tree: ast.Module, target: ast.expr) -> ast.AST | None:
    """The scope `single_assignments` puts `target` in, found by going down only into nodes
    whose span holds `target`'s; None when that does not reach it."""
    start = (target.lineno, target.col_offset)
    end = (target.end_lineno, target.end_col_offset)
    stack: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while stack:
        node, scope = stack.pop()
        for child in child_nodes(node):
            if child is target:
                return scope
            line = getattr(child, "lineno", None)
            if line is not None:  # nodes without a position (arguments, comprehensions) are gone into
                first = getattr(child, "decorator_list", None)  # a def's span starts at `def`
                begins = (first[0].lineno, first[0].col_offset) if first else (line, child.col_offset)
                if begins > start or (child.end_lineno, child.end_col_offset) < end:
                    continue
            kind = type(child)
            inner = child if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.Lambda else scope
            stack.append((child, inner))
    return None


def _scope_assignments(ctx: FileContext, scope: ast.AST) -> tuple[dict[str, ast.expr], set[str]]:
    """`single_assignments` of one scope: name -> the value of its one plain assignment there,
    and every name the scope binds in any way."""
    def compute() -> tuple[dict[str, ast.expr], set[str]]:
        counts: dict[str, int] = {}
        values: dict[str, ast.expr] = {}
        if type(scope) is not ast.Module:
            for arg in ast.walk(scope.args):
                if isinstance(arg, ast.arg):
                    counts[arg.arg] = 2
        pending = [scope]
        while pending:
            node = pending.pop()
            for child in child_nodes(node):
                kind = type(child)
                if kind is ast.Name:
                    if type(child.ctx) is not ast.Load:
                        counts[child.id] = counts.get(child.id, 0) + 1
                    continue
                if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.Lambda:
                    continue  # a scope of its own
                if kind is ast.Assign and len(child.targets) == 1 and type(child.targets[0]) is ast.Name:
                    values[child.targets[0].id] = child.value
                pending.append(child)
        return {key: value for key, value in values.items() if counts.get(key) == 1}, set(counts)
    return ctx.cached(f"api-history:assignments-in:{id(scope)}", compute)
