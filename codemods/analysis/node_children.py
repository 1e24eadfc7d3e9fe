"""What children an `ast` node has, read fast, and the walk that lists a whole module once
(nodes.py keeps what it finds on the tree): the commonest node types' children are read directly,
the others through their fields, which are looked up once per type."""
from __future__ import annotations

import ast
from collections import defaultdict

# ---------------------------------------------------------------------------------------------
# A fast walk over the tree
# ---------------------------------------------------------------------------------------------
# ast.walk/iter_child_nodes are generators that look at every field of every node; this walk is
# iterative, knows each node type's child fields once, and skips expression contexts.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAF_FIELDS = frozenset({"ctx", "op", "type_comment", "kind"})


def _child_fields(node_type: type) -> tuple[str, ...]:
    found = _CHILD_FIELDS.get(node_type)
    if found is None:
        found = tuple(name for name in node_type._fields if name not in _LEAF_FIELDS)
        _CHILD_FIELDS[node_type] = found
    return found


# Node types that never have node children: the walks skip them without a look.
_LEAVES = frozenset({ast.Name, ast.Constant, ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal, ast.alias,
                     ast.Load, ast.Store, ast.Del})
LEAVES = _LEAVES


def child_nodes(node: ast.AST) -> list[ast.AST]:
    kind = type(node)
    if kind in _LEAVES:
        return []
    if kind is ast.Attribute or kind is ast.keyword or kind is ast.Expr:  # the commonest, directly
        return [node.value]
    if kind is ast.Call:
        return [node.func, *node.args, *node.keywords]
    if kind is ast.Tuple or kind is ast.List or kind is ast.Set:  # then the next commonest in test files
        return [*node.elts]
    if kind is ast.Assign:
        return [*node.targets, node.value]
    if kind is ast.arg:
        return [] if node.annotation is None else [node.annotation]
    if kind is ast.Return:
        return [] if node.value is None else [node.value]
    if kind is ast.BinOp:
        return [node.left, node.right]
    children: list[ast.AST] = []
    for name in _CHILD_FIELDS.get(kind) or _child_fields(kind):
        value = getattr(node, name, None)
        if type(value) is list:
            if (kind, name) in _MIXED_LISTS:
                children += [item for item in value if isinstance(item, ast.AST)]
            else:  # a list the parser fills with nodes only: taken whole, in C
                children += value
        elif isinstance(value, ast.AST):
            children.append(value)
    return children


# The list fields that hold something else than nodes too: names, or None (`**d` in a dict
# display, a keyword-only parameter without a default). Every other list field of a parsed
# tree holds nodes only.
_MIXED_LISTS = frozenset({(ast.Dict, "keys"), (ast.arguments, "kw_defaults"), (ast.Global, "names"),
                          (ast.Nonlocal, "names"), (ast.MatchClass, "kwd_attrs")})


def _last_child(node: ast.AST) -> ast.AST | None:
    """`child_nodes(node)[-1]`, or None, without listing the others."""
    kind = type(node)
    if kind in _LEAVES:
        return None
    if kind is ast.Attribute or kind is ast.keyword or kind is ast.Expr:
        return node.value
    if kind is ast.Call:
        return node.keywords[-1] if node.keywords else node.args[-1] if node.args else node.func
    if kind is ast.Tuple or kind is ast.List or kind is ast.Set:
        return node.elts[-1] if node.elts else None
    if kind is ast.Assign or kind is ast.BinOp:
        return node.value if kind is ast.Assign else node.right
    if kind is ast.arg:
        return node.annotation
    for name in reversed(_CHILD_FIELDS.get(kind) or _child_fields(kind)):
        value = getattr(node, name, None)
        if type(value) is list:
            for item in reversed(value):
                if isinstance(item, ast.AST):
                    return item
        elif isinstance(value, ast.AST):
            return value
    return None


def _nodes_and_parents(tree: ast.Module) -> tuple[list[ast.AST], dict[int, ast.AST], dict[type, list[ast.AST]]]:
    # One walk for the three: most checked files need the parents too, and a second walk would
    # list every node's children again (the walk's main cost); the nodes by type (`nodes_of_type`)
    # are filed as they are met, which a loop of their own cost a sixth of the walk again.
    nodes: list[ast.AST] = []
    parents: dict[int, ast.AST] = {}
    by_type: defaultdict[type, list[ast.AST]] = defaultdict(list)
    stack: list[ast.AST] = [tree]
    pop, add, push = stack.pop, nodes.append, stack.append
    attribute, keyword, expr, call, node_type = ast.Attribute, ast.keyword, ast.Expr, ast.Call, ast.AST
    sequence, assign, parameter, returned, binary = ast.Tuple, ast.Assign, ast.arg, ast.Return, ast.BinOp
    parameters, function = ast.arguments, ast.FunctionDef
    while stack:
        node = pop()
        add(node)
        kind = type(node)
        by_type[kind].append(node)
        if kind in _LEAVES:
            continue
        # The commonest nodes with children, read without a look at each field (the same
        # children in the same order): a quarter of the walk.
        if kind is attribute or kind is keyword or kind is expr:
            child = node.value
            parents[id(child)] = node
            push(child)
            continue
        if kind is call:
            children = [node.func, *node.args, *node.keywords]
        elif kind is sequence:  # the tuples (lists and sets below) of a test file: a node per item
            children = [*node.elts]
            if not children:
                continue
        elif kind is assign:
            children = [*node.targets, node.value]
        elif kind is parameter or kind is returned:  # one optional child
            child = node.annotation if kind is parameter else node.value
            if child is not None:
                parents[id(child)] = node
                push(child)
            continue
        elif kind is binary:
            children = [node.left, node.right]
        elif kind is ast.List or kind is ast.Set:
            children = [*node.elts]
            if not children:
                continue
        elif kind is parameters:
            children = [*node.posonlyargs, *node.args]
            if node.vararg is not None:
                children.append(node.vararg)
            children += node.kwonlyargs
            if node.kw_defaults:  # None for a keyword-only parameter without a default
                children += [default for default in node.kw_defaults if default is not None]
            if node.kwarg is not None:
                children.append(node.kwarg)
            children += node.defaults
            if not children:
                continue
        elif kind is function:
            children = [node.args, *node.body, *node.decorator_list]
            if node.returns is not None:
                children.append(node.returns)
        elif kind is ast.Subscript:
            children = [node.value, node.slice]
        elif kind is ast.Lambda:
            children = [node.args, node.body]
        else:  # `child_nodes`, read here without a call per node
            children = []
            for name in _CHILD_FIELDS.get(kind) or _child_fields(kind):
                value = getattr(node, name, None)
                if type(value) is list:
                    if (kind, name) in _MIXED_LISTS:
                        children += [item for item in value if isinstance(item, node_type)]
                    else:
                        children += value
                elif isinstance(value, node_type):
                    children.append(value)
            if not children:
                continue
        for child in children:
            parents[id(child)] = node
        children.reverse()
        stack += children
    return nodes, parents, dict(by_type)
