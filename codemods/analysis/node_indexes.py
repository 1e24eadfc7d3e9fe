"""The walk over a tree, and the module's node list with the indexes kept on it (nodes.py hands
them all on): every node of a module listed once, its position, where each subtree ends, its
nodes by type, its names, attributes and calls by name.

Kept apart from nodes.py, which says what one node means (its arguments, its literal value,
the names it binds), because these are one concept of their own: how the analyses find nodes
fast, by reading a list made once per tree (node_children.py makes it) instead of walking again.
The code moved here unchanged.
"""
from __future__ import annotations

import ast
import weakref
from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import partial
from itertools import compress
from operator import attrgetter, is_, is_not

from codemods.analysis.node_children import _last_child, _nodes_and_parents, child_nodes


def iter_nodes(root: ast.AST, prune: Callable[[ast.AST], bool] | None = None) -> Iterator[ast.AST]:
    """Every node under `root` (itself included), parents before children; below a node for
    which `prune` is true (other than `root`), nothing."""
    if prune is None:
        if type(root) is ast.Module:
            return iter(module_nodes(root))
        # A subtree of the module listed last is one run of its node list: read from there,
        # without listing each node's children again (the analyses walk functions, statements
        # and expressions of the module they look at thousands of times a file).
        tree = _listed()
        if tree is not None:
            fields = tree.__dict__
            nodes, where = fields.get("_shardfix_nodes"), fields.get("_shardfix_positions")
            if nodes is not None and where is not None:
                start = where.get(root)
                if start is not None and nodes[start] is root:
                    return iter(nodes[start:subtree_end(tree, root, start)])
    return _walk(root, prune)


# The module whose node list was made last (weakly: a released tree goes when nothing else holds it).
_listed: Callable[[], ast.Module | None] = lambda: None


def module_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node of a module in `iter_nodes` order, kept on the tree: a dozen analyses walk the
    whole module, and nothing edits a parsed tree (a new text is parsed into a new tree)."""
    global _listed
    cached = getattr(tree, "_shardfix_nodes", None)
    if cached is None:
        cached, tree._shardfix_parents, by_type = _nodes_and_parents(tree)
        tree._shardfix_nodes = cached
        if "_shardfix_by_type" not in tree.__dict__:
            tree._shardfix_by_type = by_type
        _listed = weakref.ref(tree)
    return cached


def module_node(tree: ast.Module, node: ast.AST) -> bool:
    """`node` is a node of `tree` (not one an analysis made), by the module's node list."""
    start = node_positions(tree).get(node)
    return start is not None and module_nodes(tree)[start] is node


def module_parents(tree: ast.Module) -> dict[int, ast.AST]:
    """id(node) -> the node holding it, for every node of a module, kept on the tree like
    `module_nodes` (expression contexts and operators are shared objects: not in it)."""
    cached = getattr(tree, "_shardfix_parents", None)
    if cached is None:
        module_nodes(tree)
        cached = tree._shardfix_parents
    return cached


def nodes_of_type(root: ast.AST, kind: type) -> list[ast.AST] | tuple:
    """The nodes of exactly type `kind` under `root` (itself included), in `iter_nodes` order; for
    a module, from an index kept on the tree with its node list (a dozen analyses each filtered
    the whole list for one type). Shared: not to be changed."""
    if type(root) is not ast.Module:
        return [node for node in iter_nodes(root) if type(node) is kind]
    index = getattr(root, "_shardfix_by_type", None)
    if index is None:
        module_nodes(root)  # files the nodes by type as it lists them
        index = root.__dict__.get("_shardfix_by_type")
    if index is None:
        index = {}
        for node in module_nodes(root):
            found = index.get(type(node))
            if found is None:
                index[type(node)] = [node]
            else:
                found.append(node)
        root._shardfix_by_type = index
    return index.get(kind, ())


def not_loaded(nodes: list[ast.AST] | tuple) -> list[ast.AST]:
    """The nodes of `nodes` (names, attributes, subscripts, starred) that are stored or deleted,
    in order. Chosen in C: a comprehension testing each node's context ran bytecode for every
    name of the module, and the stores are few."""
    return list(compress(nodes, map(_NOT_LOAD, map(type, map(_CONTEXT, nodes)))))


def stored_of_type(tree: ast.Module, kind: type) -> list[ast.AST]:
    """`not_loaded` of the module's nodes of type `kind`, kept on the tree: several analyses ask
    for the stored names and attributes. Shared: not to be changed."""
    index = tree.__dict__.get("_shardfix_stored")
    if index is None:
        index = tree._shardfix_stored = {}
    found = index.get(kind)
    if found is None:
        found = index[kind] = not_loaded(nodes_of_type(tree, kind))
    return found


def loaded(nodes: list[ast.AST] | tuple) -> list[ast.AST]:
    """The nodes of `nodes` that are read (their context a Load), in order, chosen in C."""
    return list(compress(nodes, map(_LOAD, map(type, map(_CONTEXT, nodes)))))


_CONTEXT = attrgetter("ctx")
_NOT_LOAD = partial(is_not, ast.Load)
_LOAD = partial(is_, ast.Load)


def names_by_id(tree: ast.Module) -> dict[str, list[ast.Name]]:
    """The module's Name nodes by the name they spell, each list in `iter_nodes` order, kept on
    the tree: the analyses that look for some names read just those. Shared: not to be changed."""
    return _grouped(tree, ast.Name, "id", "_shardfix_names_by_id")


def attributes_by_name(tree: ast.Module) -> dict[str, list[ast.Attribute]]:
    """The module's Attribute nodes by the attribute name they read or write, each list in
    `iter_nodes` order, kept on the tree (like `names_by_id`). Shared: not to be changed."""
    return _grouped(tree, ast.Attribute, "attr", "_shardfix_attributes_by_name")


def _grouped(tree: ast.Module, kind: type, field: str, kept: str) -> dict[str, list]:
    found = getattr(tree, kept, None)
    if found is None:
        found = {}
        for node in nodes_of_type(tree, kind):
            key = getattr(node, field)
            same = found.get(key)
            if same is None:
                found[key] = [node]
            else:
                same.append(node)
        setattr(tree, kept, found)
    return found


def subtree_nodes(tree: ast.Module, node: ast.AST) -> list[ast.AST]:
    """The nodes under `node` of module `tree` (itself included), in `iter_nodes` order: a slice
    of the module's node list (a subtree is one run of it), so a walk per function of a file
    lists no node's children again."""
    start = node_positions(tree)[node]
    return module_nodes(tree)[start:subtree_end(tree, node, start)]


def nodes_of_type_under(tree: ast.Module, node: ast.AST, kind: type) -> list[ast.AST]:
    """The nodes of exactly type `kind` under `node` of module `tree` (itself included), in
    `iter_nodes` order, from the module's index of nodes by type."""
    found = nodes_of_type(tree, kind)
    if not found:
        return []
    start = node_positions(tree)[node]
    end = subtree_end(tree, node, start)
    positions = _type_positions(tree, kind)
    return found[bisect_left(positions, start):bisect_left(positions, end)]


def _type_positions(tree: ast.Module, kind: type) -> list[int]:
    """The indexes in the module's node list of its nodes of type `kind` (`nodes_of_type`), kept
    on the tree: the indexes of several tuples of types share them."""
    index = tree.__dict__.get("_shardfix_type_positions")
    if index is None:
        index = tree._shardfix_type_positions = {}
    positions = index.get(kind)
    if positions is None:
        where = node_positions(tree)
        positions = index[kind] = list(map(where.__getitem__, nodes_of_type(tree, kind)))  # in C
    return positions


def nodes_in_order(tree: ast.Module, kinds: tuple[type, ...]) -> tuple[list[int], list[ast.AST]]:
    """The nodes of the types `kinds` in the module, in `iter_nodes` order, with their indexes
    in the module's node list (kept on the tree for each tuple of types): the nodes of one
    subtree are then found by bisection, without a look at the others."""
    index = tree.__dict__.get("_shardfix_in_order")
    if index is None:
        index = tree._shardfix_in_order = {}
    found = index.get(kinds)
    if found is None:
        # From the index by type (each list in walk order): not for operator types, which are
        # shared objects without one place in the list.
        positions: list[int] = []
        for kind in kinds:  # read in C: these lists hold most of a module's nodes
            positions += _type_positions(tree, kind)
        if len(kinds) > 1:
            positions.sort()
        found = index[kinds] = (positions, list(map(module_nodes(tree).__getitem__, positions)))
    return found


def calls_outside_nested(tree: ast.Module, function: ast.AST) -> list[ast.Call]:
    """The calls under `function` (its decorators, defaults and body) that no def or lambda
    nested in it holds, in `iter_nodes` order: what a walk pruned at nested defs and lambdas
    finds, from the module's indexes."""
    where = node_positions(tree)
    start = where.get(function)
    if start is None or module_nodes(tree)[start] is not function:  # not a node of this module
        return [node for node in iter_nodes(function, prune=lambda n: n is not function and type(n) in _NESTING)
                if type(node) is ast.Call]
    end = subtree_end(tree, function, start)
    call_positions, calls = nodes_in_order(tree, (ast.Call,))
    nested_positions, nested = nodes_in_order(tree, _NESTING)
    found: list[ast.Call] = []
    inner = bisect_left(nested_positions, start + 1)
    skipped_to = start  # the end of the last nested def or lambda met
    for index in range(bisect_left(call_positions, start), bisect_left(call_positions, end)):
        position = call_positions[index]
        while inner < len(nested_positions) and nested_positions[inner] < position:
            if nested_positions[inner] >= skipped_to:  # one inside a skipped one ends before it
                skipped_to = subtree_end(tree, nested[inner], nested_positions[inner])
            inner += 1
        if position >= skipped_to:
            found.append(calls[index])
    return found


_NESTING = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def calls_by_callee(tree: ast.Module) -> dict[str | None, list[ast.Call]]:
    """The module's calls by the last name of their callee (`f(...)`, `a.b.f(...)`: "f"; None
    for a callee of another shape), each list in `iter_nodes` order, kept on the tree: the
    analyses that look for calls of some names read just those."""
    found = getattr(tree, "_shardfix_calls_by_callee", None)
    if found is None:
        found = {}
        for call in nodes_of_type(tree, ast.Call):
            func = call.func
            callee = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
            calls = found.get(callee)
            if calls is None:
                found[callee] = [call]
            else:
                calls.append(call)
        tree._shardfix_calls_by_callee = found
    return found


def node_positions(tree: ast.Module) -> dict[ast.AST, int]:
    """node -> its index in the module's node list (kept on the tree). Keyed by the nodes
    themselves: a node hashes and compares by identity, as its id would, without an `id()` call
    per node and per question (a third of this map's cost)."""
    cached = getattr(tree, "_shardfix_positions", None)
    if cached is None:
        nodes = module_nodes(tree)  # made in C: a dict comprehension runs Python code per node
        cached = tree._shardfix_positions = dict(zip(nodes, range(len(nodes))))
    return cached


def subtree_end(tree: ast.Module, node: ast.AST, start: int | None = None) -> int:
    """The index in the module's node list just past the subtree of `node` (which starts at
    `start`, when the caller has it): the subtree ends with its last child's last child, ...
    Kept on the tree for the module's own nodes: the analyses ask about the same defs and
    statements again (a third of the questions in jax's shard_map tests)."""
    ends = tree.__dict__.get("_shardfix_ends")
    if ends is None:
        ends = tree._shardfix_ends = {}
    found = ends.get(id(node))
    if found is not None:
        return found
    last = node
    child = _last_child(last)
    while child is not None:
        last = child
        child = _last_child(last)
    if last is node:  # a leaf (operators are shared objects, at many places: never kept)
        return start + 1 if start is not None else node_positions(tree)[node] + 1
    where = node_positions(tree)
    found = where[last] + 1
    # Only a node of the module is kept (one made by an analysis may be freed and its id reused).
    position = where.get(node) if start is None else start
    if position is not None and position < len(tree._shardfix_nodes) and tree._shardfix_nodes[position] is node:
        ends[id(node)] = found
    return found


def _walk(root: ast.AST, prune: Callable[[ast.AST], bool] | None) -> Iterator[ast.AST]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if prune is not None and node is not root and prune(node):
            continue
        children = child_nodes(node)
        children.reverse()
        stack.extend(children)
