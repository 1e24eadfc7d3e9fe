"""A module dict patched by the statements right after it (issue 13): research scripts write
`CONFIG = {...}` and, a few lines below, `CONFIG["shard_pos_table"] = 1` at module level. The
stores run as the module loads, before any function can run (only literals and plain defs lie
between), and no other code changes the dict: every function sees it with them made.
mutation.mutated_names still lists the name (its text is not what functions read); the
interpreter reads it through `patched_value`, and unchanged_objects.py counts the stores as the
table's making."""
from __future__ import annotations

import ast
import copy

from codemods.analysis.nodes import nodes_of_type


def patches(tree: ast.Module) -> dict[str, tuple[ast.Dict, list[ast.Assign]]]:
    """name -> (its dict literal, the stores patching it in order), for every name the module
    binds once, to a dict literal, and changes only by such stores."""
    cached = getattr(tree, "_shardfix_module_patches", None)
    if cached is not None:
        return cached
    found: dict[str, tuple[ast.Dict, list[ast.Assign]]] = {}
    body = tree.body
    for index, stmt in enumerate(body):
        if not (type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name
                and type(stmt.value) is ast.Dict and _plain(stmt.value)):
            continue
        name = stmt.targets[0].id
        stores: list[ast.Assign] = []
        for later in body[index + 1:]:
            if _store_of(later, name):
                stores.append(later)
            elif not _inert(later, name):
                break
        if stores and _only_changes(tree, name, stmt, stores):
            found[name] = (stmt.value, stores)
    tree._shardfix_module_patches = found
    return found


def is_patch(tree: ast.Module, statement: ast.AST) -> bool:
    return any(statement is store for _, stores in patches(tree).values() for store in stores)


def _store_of(stmt: ast.stmt, name: str) -> bool:
    """`NAME["key"] = <literal>`."""
    return type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Subscript \
        and type(stmt.targets[0].value) is ast.Name and stmt.targets[0].value.id == name \
        and type(stmt.targets[0].slice) is ast.Constant and type(stmt.targets[0].slice.value) is str \
        and _plain(stmt.value)


def _plain(node: ast.expr) -> bool:
    """Literals of constants only: nothing that runs code or reads a name."""
    return all(type(each) in (ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.Set, ast.Load, ast.UnaryOp, ast.USub)
               for each in ast.walk(node))


def _inert(stmt: ast.stmt, name: str) -> bool:
    """A statement that runs no code and cannot see the dict: a literal binding of another name,
    a def without decorators whose defaults are literals (an import may run any code)."""
    if type(stmt) is ast.Assign:
        return _plain(stmt.value) and all(type(target) is ast.Name and target.id != name for target in stmt.targets)
    if type(stmt) is ast.FunctionDef:  # defaults of literals; annotations naming types read nothing it holds
        annotations = [stmt.returns, *(arg.annotation for arg in ast.walk(stmt.args) if type(arg) is ast.arg)]
        return not stmt.decorator_list and all(_plain(default) for default in stmt.args.defaults) \
            and all(default is None or _plain(default) for default in stmt.args.kw_defaults) \
            and not any(type(node) in (ast.Call, ast.Lambda, ast.NamedExpr) or type(node) is ast.Name and node.id == name
                        for annotation in annotations if annotation is not None for node in ast.walk(annotation))
    return type(stmt) is ast.Expr and type(stmt.value) is ast.Constant


def _only_changes(tree: ast.Module, name: str, made: ast.Assign, stores: list[ast.Assign]) -> bool:
    """The name is bound once in the module, and without the stores (written into the literal)
    no code of it changes the dict: mutation.py's own reading, on a copy of the module."""
    from codemods.analysis.mutation import mutated_names

    if sum(1 for node in nodes_of_type(tree, ast.Name) if node.id == name and type(node.ctx) is not ast.Load) != 1 \
            or any(node.arg == name for node in nodes_of_type(tree, ast.arg)) \
            or any(name in node.names for kind in (ast.Global, ast.Nonlocal) for node in nodes_of_type(tree, kind)):
        return False
    ids = {id(store) for store in stores}
    clean = ast.Module(body=[copy.deepcopy(stmt) if stmt is not made else _merged(made, stores)
                             for stmt in tree.body if id(stmt) not in ids], type_ignores=[])
    return name not in mutated_names(clean)


def _merged(made: ast.Assign, stores: list[ast.Assign]) -> ast.Assign:
    literal = copy.deepcopy(made.value)
    for store in stores:
        literal.keys.append(copy.deepcopy(store.targets[0].slice))
        literal.values.append(copy.deepcopy(store.value))
    return ast.Assign(targets=[copy.deepcopy(made.targets[0])], value=literal, lineno=made.lineno)


def patched_value(interp, name: str, frame):
    """The dict `name` holds once its patches ran, or None."""
    from codemods.analysis.values import DictValue

    found = patches(interp.scope.tree).get(name)
    if found is None:
        return None
    literal, stores = found
    value = interp.eval(literal, interp.module_frame)
    if not isinstance(value, DictValue):
        return None
    keys, items = list(value.keys), list(value.items)
    for store in stores:
        key = store.targets[0].slice.value
        item = interp.eval(store.value, interp.module_frame)
        if key in keys:
            items[keys.index(key)] = item
        else:
            keys.append(key)
            items.append(item)
    return DictValue(tuple(keys), tuple(items))
