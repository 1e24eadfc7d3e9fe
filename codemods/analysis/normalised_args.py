"""Normalised options: a namespace fixed up right after it is parsed (issue 13).

Training scripts turn option strings into values in the function that parses them:
`args = parser.parse_args(argv)` then `args.mesh_axes = tuple(args.mesh_axes.split(","))`, and
`return args`. Any store of an option's attribute made the namespace unknown (cli_args.py), so
the axes every later step reads stayed unknown. A store is followed when nothing can see the
namespace before it: the statements right after `name = <receiver>.parse_args(...)` at the top
of one function body, each `name.attr = value`, with `name` bound nowhere else in that function.
The store then gives the namespace that attribute; every other store of an option's name still
leaves it unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import attributes_by_name, nodes_of_type
from codemods.analysis.values import Value


def normalising_stores(tree: ast.Module) -> frozenset[int]:
    """Ids of the `name.attr` targets of such stores."""
    if not hasattr(tree, "_shardfix_normalising_stores"):
        found: set[int] = set()
        after: dict[int, list[ast.Assign]] = {}
        # Every store found follows a `name = <receiver>.parse_args(...)`: a module that reads no
        # attribute `parse_args` has none (its defs were listed by an `ast.walk` of the whole module).
        if "parse_args" in attributes_by_name(tree):
            owners = [tree] if isinstance(tree, ast.Module) else []
            for node in [*nodes_of_type(tree, ast.FunctionDef), *nodes_of_type(tree, ast.AsyncFunctionDef), *owners]:
                found |= _in_body(node, after)
        tree._shardfix_normalising_stores = frozenset(found)
        tree._shardfix_normalised_after = after
    return tree._shardfix_normalising_stores


def _in_body(owner, after: dict[int, list[ast.Assign]]) -> set[int]:
    found: set[int] = set()
    body = owner.body
    for index, statement in enumerate(body):
        name = _parsed_name(statement)
        if name is None or _bound_elsewhere(owner, name, statement):
            continue
        for later in body[index + 1:]:
            if type(later) is not ast.Assign or len(later.targets) != 1 or type(later.targets[0]) is not ast.Attribute \
                    or type(later.targets[0].value) is not ast.Name or later.targets[0].value.id != name:
                break
            found.add(id(later.targets[0]))
            after.setdefault(id(statement.value), []).append(later)
    return found


def read_normalised(interp, name: str, bound: ast.expr, value: Value, frame) -> Value:
    """`value`, read from `name`'s one binding `bound` (a body closing over `args`, a helper
    handed `args`: read from the text, not run), with the stores that follow the parse applied in
    order, as every read after them sees the namespace (found by adversarial14). Anything but a
    namespace read (a parse not followed) is then unknown: the stores changed it."""
    from codemods.analysis.cli_args import Namespace
    from codemods.analysis.interpreter import Frame
    from codemods.analysis.values import UNKNOWN

    normalising_stores(interp.scope.tree)
    stores = interp.scope.tree._shardfix_normalised_after.get(id(bound))
    if not stores:
        return value
    if not isinstance(value, Namespace):
        return UNKNOWN
    for store in stores:
        inner = Frame(None, frame, vars={name: value}, static_scopes=frame.static_scopes, opaque=frame.opaque)
        stored = interp.eval(store.value, inner)
        items = dict(zip(value.names, value.items))
        items[store.targets[0].attr] = stored
        value = Namespace(tuple(items), tuple(items.values()))
    return value


def _parsed_name(statement: ast.stmt) -> str | None:
    if type(statement) is not ast.Assign or len(statement.targets) != 1 or type(statement.targets[0]) is not ast.Name:
        return None
    call = statement.value
    if type(call) is not ast.Call or type(call.func) is not ast.Attribute or call.func.attr != "parse_args":
        return None
    return statement.targets[0].id


def _bound_elsewhere(owner, name: str, parse: ast.Assign) -> bool:
    """`name` is a parameter, bound by another statement, declared global or nonlocal, or bound in
    a nested scope that may be the same variable."""
    if not isinstance(owner, ast.Module):
        arguments = owner.args
        params = arguments.posonlyargs + arguments.args + arguments.kwonlyargs \
            + [arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]
        if any(param.arg == name for param in params):
            return True
    for node in ast.walk(owner):
        if type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load \
                and node is not parse.targets[0]:
            return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True
    return False


def normalised(interp, target: ast.Attribute, value: Value, frame) -> bool:
    """Run such a store on the namespace the frame holds; False when it is not one."""
    from codemods.analysis.cli_args import Namespace

    if id(target) not in normalising_stores(interp.scope.tree):
        return False
    held = frame.vars.get(target.value.id)
    if not isinstance(held, Namespace):
        return False
    items = dict(zip(held.names, held.items))
    items[target.attr] = value
    frame.vars[target.value.id] = Namespace(tuple(items), tuple(items.values()))
    return True
