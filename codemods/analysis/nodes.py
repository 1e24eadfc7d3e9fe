"""Plain facts about `ast` nodes: call arguments in source order, literal values, a fast walk,
statement blocks, the names a target or an import binds, parameters."""
from __future__ import annotations

import ast
import weakref
from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import partial
from itertools import compress
from operator import attrgetter, is_, is_not
from typing import NamedTuple

from codemods.analysis.sequence_kinds import ListItems, TupleItems
from codemods.analysis.node_children import _LEAVES, _last_child, _nodes_and_parents, child_nodes

FunctionDef = ast.FunctionDef | ast.AsyncFunctionDef
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


# ---------------------------------------------------------------------------------------------
# Call arguments in source order
# ---------------------------------------------------------------------------------------------
class Arg(NamedTuple):
    """One argument of a call as written: `keyword` for `k=v`, `star` '*' or '**' for unpacking."""

    value: ast.expr
    keyword: str | None = None
    star: str = ""


def call_args(call: ast.Call) -> list[Arg]:
    """The arguments of `call` in the order they are written (`ast` keeps positional and keyword
    ones apart); computed once per call node."""
    cached = getattr(call, "_shardfix_args", None)
    if cached is not None:
        return cached
    found: list[tuple[tuple[int, int], Arg]] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            found.append(((arg.lineno, arg.col_offset), Arg(arg.value, None, "*")))
        else:
            found.append(((arg.lineno, arg.col_offset), Arg(arg)))
    for keyword in call.keywords:
        star = "**" if keyword.arg is None else ""
        found.append(((keyword.lineno, keyword.col_offset), Arg(keyword.value, keyword.arg, star)))
    if call.keywords and call.args:
        found.sort(key=lambda item: item[0])
    result = [arg for _, arg in found]
    call._shardfix_args = result  # type: ignore[attr-defined]
    return result


# ---------------------------------------------------------------------------------------------
# Literals and local names
# ---------------------------------------------------------------------------------------------
def string_value(node: ast.AST | None) -> str | None:
    """The value of a plain string literal ('i', "i", r'i', 'a' 'b'), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def literal_value(node: ast.AST) -> object:
    """Python value of a literal made of strings, numbers, None/True/False and tuples of those.

    Returns the sentinel NOT_LITERAL for anything else.
    """
    if isinstance(node, ast.Constant):
        value = node.value
        if value is None or isinstance(value, (str, bool, int, float)):
            return value
        return NOT_LITERAL
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = literal_value(node.operand)
        return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else NOT_LITERAL
    if isinstance(node, (ast.Tuple, ast.List)):
        items = []
        for element in node.elts:
            if isinstance(element, ast.Starred):
                return NOT_LITERAL
            value = literal_value(element)
            if value is NOT_LITERAL:
                return NOT_LITERAL
            items.append(value)
        return (ListItems if type(node) is ast.List else TupleItems)(items)  # (sequence_kinds.py)
    return NOT_LITERAL


class _NotLiteral:
    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL = _NotLiteral()


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


NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def body_nodes(scope: ast.AST, nested: tuple[type, ...] = NESTED_SCOPES) -> Iterator[ast.AST]:
    """The nodes of a module's or def's body that run with it: below a node of a `nested` kind
    (given itself) nothing, since its code runs in a scope of its own (or later)."""
    pending = [scope.body] if isinstance(scope.body, ast.AST) else scope.body[::-1]
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, nested):
            pending.extend(child_nodes(node)[::-1])


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


def iter_with_scopes(root: ast.AST) -> Iterator[tuple[ast.AST, tuple[FunctionDef, ...]]]:
    """Every node with the functions enclosing it (a def's decorators, defaults and annotations
    are outside it)."""
    stack: list[tuple[ast.AST, tuple]] = [(root, ())]
    while stack:
        node, scopes = stack.pop()
        yield node, scopes
        kind = type(node)
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            inner = scopes + (node,)
            stack += [(stmt, inner) for stmt in reversed(node.body)]
            if node.returns is not None:
                stack.append((node.returns, scopes))
            stack.append((node.args, scopes))
            stack += [(decorator, scopes) for decorator in reversed(node.decorator_list)]
            continue
        if kind in _LEAVES:
            continue
        children = child_nodes(node)
        if children:
            children.reverse()
            stack += [(child, scopes) for child in children]


def child_blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists nested in a compound statement (an elif is the If in its orelse)."""
    blocks = []
    for name in ("body", "orelse", "finalbody"):
        block = getattr(stmt, name, None)
        if type(block) is list and block:
            blocks.append(block)
    for handler in getattr(stmt, "handlers", ()) or ():
        blocks.append(handler.body)
    for case in getattr(stmt, "cases", ()) or ():
        blocks.append(case.body)
    return blocks


def block_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements of a block and of its nested blocks (if/for/while/with/try), not of nested defs
    or classes, in source order."""
    stack = list(reversed(body))
    while stack:
        stmt = stack.pop()
        yield stmt
        if type(stmt) in _NO_INNER_BLOCKS:
            continue
        for block in reversed(child_blocks(stmt)):
            stack.extend(reversed(block))


# Statements `block_statements` does not enter: defs and classes, and the simple statements,
# which hold no block (most statements: no look at their fields).
_NO_INNER_BLOCKS = frozenset({
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign,
    ast.Return, ast.Pass, ast.Break, ast.Continue, ast.Raise, ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal,
    ast.Delete, ast.Assert})


def import_names(stmt: ast.Import | ast.ImportFrom) -> list[str]:
    """The local names an import statement binds (none for `import *`)."""
    return [alias.asname or alias.name.split(".")[0] for alias in stmt.names if alias.name != "*"]


def target_names(target: ast.AST, names: set[str] | None = None) -> set[str]:
    """Names an assignment target binds (into tuples, lists and starred items)."""
    names = set() if names is None else names
    if isinstance(target, ast.Name):
        names.add(target.id)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            target_names(element, names)
    elif isinstance(target, ast.Starred):
        target_names(target.value, names)
    return names


def positional_params(args: ast.arguments) -> list[ast.arg]:
    return list(args.posonlyargs) + list(args.args)


def param_default(args: ast.arguments, param: ast.arg) -> ast.expr | None:
    """The default of a parameter (positional or keyword-only), None when it has none."""
    positional = positional_params(args)
    if param in positional:
        index = positional.index(param) - (len(positional) - len(args.defaults))
        return args.defaults[index] if index >= 0 else None
    index = args.kwonlyargs.index(param)
    return args.kw_defaults[index]


def inner_bindings(scope: ast.AST) -> set[str]:
    """Names bound inside the scope's statements rather than by them: `(name := value)` (in its
    comprehensions too) and the captures of `match` patterns (`case {"sync": axes}`), not those
    of the functions, lambdas and classes inside it."""
    found: set[str] = set()
    if _binds_inside_nowhere(scope):
        return found
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ast.NamedExpr and type(node.target) is ast.Name:
            found.add(node.target.id)
        elif kind in (ast.MatchAs, ast.MatchStar) and node.name is not None:
            found.add(node.name)
        elif kind is ast.MatchMapping and node.rest is not None:
            found.add(node.rest)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return found


_INNER_BINDERS = (ast.NamedExpr, ast.MatchAs, ast.MatchStar, ast.MatchMapping)


def _binds_inside_nowhere(scope: ast.AST) -> bool:
    """`scope` is a node of the module listed last, which holds no node `inner_bindings` reads a
    name from (most modules: no `:=`, no `match`), by its index of nodes by type; a walk of
    each scope found nothing there (1,500 walks a `check` of a large test file)."""
    tree = _listed()
    if tree is None:
        return False
    fields = tree.__dict__
    nodes, where, index = fields.get("_shardfix_nodes"), fields.get("_shardfix_positions"), fields.get("_shardfix_by_type")
    if nodes is None or where is None or index is None:
        return False
    start = where.get(scope)
    return start is not None and nodes[start] is scope and not any(index.get(kind) for kind in _INNER_BINDERS)


def all_param_names(args: ast.arguments) -> list[str]:
    found = [param.arg for param in positional_params(args) + list(args.kwonlyargs)]
    found.extend(param.arg for param in (args.vararg, args.kwarg) if param is not None)
    return found


def constructed(node: ast.expr) -> bool:
    """`Config()`, `Config(4, axis="tp")`: a call of a name with literal arguments only."""
    return type(node) is ast.Call and isinstance(node.func, (ast.Name, ast.Attribute)) \
        and all(literal_value(arg) is not NOT_LITERAL for arg in node.args) \
        and all(keyword.arg is not None and literal_value(keyword.value) is not NOT_LITERAL for keyword in node.keywords)


def attribute_stored(tree: ast.Module, name: str) -> bool:
    """Some code sets an attribute of `name` (`cfg.axis = ...`): a default object may change."""
    return any(type(node) is ast.Attribute and type(node.ctx) is not ast.Load and type(node.value) is ast.Name
               and node.value.id == name for node in ast.walk(tree))


# What a condition reads when it inspects a JAX value's type: `jax.typeof(v).vma`,
# `v.aval`, `jax.typeof(v).manual_axis_type.varying`.
_TYPE_READS = frozenset({"typeof", "get_aval", "aval", "vma", "manual_axis_type"})
TYPE_READS = _TYPE_READS


def reads_types(test: ast.expr) -> bool:
    """Whether a condition inspects a value's type (which axes it varies on). Code that asks
    before it casts or sums takes the branch that is safe for the value it has: a site in such
    a branch is not certain to be reached with the state that fails, unless the test is decided."""
    for node in ast.walk(test):
        if (type(node) is ast.Attribute and node.attr in _TYPE_READS) or \
                (type(node) is ast.Name and node.id in _TYPE_READS):
            return True
    return False


def last_name(expr: ast.AST) -> str | None:
    """The name a Name or an Attribute ends with (`dataclass` of `dataclasses.dataclass`); None
    for any other expression."""
    if type(expr) is ast.Name:
        return expr.id
    return expr.attr if type(expr) is ast.Attribute else None


def is_docstring(stmt: ast.stmt) -> bool:
    return type(stmt) is ast.Expr and type(stmt.value) is ast.Constant and type(stmt.value.value) is str


_MAIN_TEST = ast.dump(ast.parse('__name__ == "__main__"', mode="eval").body)


def is_main_test(test: ast.expr) -> bool:
    """`__name__ == "__main__"`: the test of the block a program runs only as a script."""
    return type(test) is ast.Compare and ast.dump(test) == _MAIN_TEST


def runs_as_script(tree: ast.Module) -> bool:
    """The module has an `if __name__ == "__main__":` block: run as a program, it is the code that
    reaches its functions (a module without one is a library, whose importer may call them)."""
    return any(type(stmt) is ast.If and is_main_test(stmt.test) for stmt in tree.body)


def argument_at(call: ast.Call, index: int | None, name: str) -> ast.expr | None:
    """What `call` passes for the parameter at positional place `index` (None: keyword-only) that a
    keyword may name `name` ("" when none may), when the call spells it plainly (no `*`/`**`)."""
    if any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    if index is not None and index < len(call.args):
        return call.args[index]
    return next((keyword.value for keyword in call.keywords if name and keyword.arg == name), None)
