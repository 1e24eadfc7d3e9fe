"""Plain facts about `ast` nodes: call arguments in source order, literal values, statement
blocks, the names a target or an import binds, parameters. (The fast walk and the indexes a
module keeps on its tree: node_indexes.py, whose names are handed on from here.)"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import NamedTuple

from codemods.analysis.sequence_kinds import ListItems, TupleItems
from codemods.analysis.node_children import _LEAVES, child_nodes
from codemods.analysis import node_indexes
# The walk and the module's indexes (node_indexes.py), handed on from here to their many readers.
from codemods.analysis.node_indexes import (  # noqa: F401
    attributes_by_name,
    calls_by_callee,
    calls_outside_nested,
    iter_nodes,
    loaded,
    module_node,
    module_nodes,
    module_parents,
    names_by_id,
    node_positions,
    nodes_in_order,
    nodes_of_type,
    nodes_of_type_under,
    not_loaded,
    stored_of_type,
    subtree_end,
    subtree_nodes,
)

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
    tree = node_indexes._listed()  # (rebound by each new node list: read at the call)
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
