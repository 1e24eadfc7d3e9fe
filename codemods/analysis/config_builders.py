"""Config changes a builder applies where the config is made (issue 13), Detectron2-style:

    cfg = get_cfg()                      # `return _C.clone()`: a new config
    add_sampling_stats_config(cfg)       # a helper that only stores constants into it
    cfg.merge_from_list(["MODEL.ROI_HEADS.STATS_AXIS", "roi"])   # yacs' KEY VALUE overrides

Each statement becomes the attribute stores it performs, as `cfg.MODEL.ROI_HEADS.STATS_AXIS =
"roi"` would (attr_dicts.py applies them to the config the call made): a helper qualifies when
its body only stores literals through its one parameter and every use of it is such a
statement; a method of the config class qualifies when its body is yacs' `merge_from_list`
(split each key on dots, walk the nodes, store `ast.literal_eval(value)`, or the text itself
where that raises ValueError or SyntaxError), called with a list display of str literals of
even length. The values are decoded as that method decodes them.
"""
from __future__ import annotations

import ast
import copy

from codemods.analysis.module_configs import store_path
from codemods.analysis.nodes import NOT_LITERAL, literal_value, positional_params
from codemods.analysis.sequence_kinds import LIST, payload_kind
from codemods.analysis.sequences import items_of
from codemods.analysis.values import Const, DictValue, TupleValue

_MERGE = """
def merge(self, opts):
    for full_key, raw in zip(opts[0::2], opts[1::2]):
        *parents, leaf = full_key.split(".")
        node = self
        for key in parents:
            node = node[key]
        try:
            value = ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            value = raw
        node[leaf] = value
"""
_KEPT_NAMES = frozenset({"zip", "ast", "ValueError", "SyntaxError"})


def merged_stores(scope, call: ast.Call, name: str, merges: frozenset[str], flat: frozenset[str] = frozenset()) -> list | None:
    """[(attribute path, value node)] of `name.m([...])` for a merging method `m` (see above);
    for `name.m(args.opts)`, one entry (None, the argument): its items are read where the
    builder's stores are applied (merged_pairs). For a method of `flat` (a dict of dotted paths
    stored as they are, `update_from_flattened_dict`), one entry ((), the argument)."""
    func = call.func
    if type(func) is not ast.Attribute or func.attr not in merges | flat or type(func.value) is not ast.Name \
            or func.value.id != name or len(call.args) != 1 or call.keywords or type(call.args[0]) is ast.Starred:
        return None
    if func.attr in flat:
        return [((), call.args[0])] if func.attr not in merges else None
    if type(call.args[0]) in (ast.Name, ast.Attribute):
        return [(None, call.args[0])]  # `cfg.merge_from_list(args.opts)`
    if type(call.args[0]) not in (ast.List, ast.Tuple):
        return None
    items = [item.value if type(item) is ast.Constant and type(item.value) is str else None
             for item in call.args[0].elts]
    return merged_pairs(items)


def merged_pairs(items: list) -> list | None:
    """[(attribute path, value node)] of a merge's KEY VALUE list of str, decoded as yacs does;
    None for anything else (an odd length, an item not a str, a value no literal reading)."""
    if None in items or any(type(item) is not str for item in items) or len(items) % 2:
        return None
    stores = []
    for key, raw in zip(items[0::2], items[1::2]):
        try:
            node = ast.parse(raw.strip(), mode="eval").body
            value = literal_value(node)
            ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            node, value = ast.Constant(raw), raw
        except Exception:  # noqa: BLE001 - any other failure of the decoding: the program may raise there
            return None
        if value is NOT_LITERAL and not _literal_table(node) or not all(key.split(".")):
            return None  # (a set literal, a dict of other keys: not followed)
        stores.append((key.split("."), node))
    return stores


def merged_entries(interp, stores: list, static) -> list:
    """The builder's stores with each `merge_from_list(args.opts)` entry read as the pairs its
    argument holds there (a (None, node) entry stays where they are not known: the config is
    then unknown)."""
    found = []
    for target, node in stores:
        if target == ():
            found.extend(_flat_entries(interp.eval(node, static), node))
        elif target is None:
            items = items_of(interp.eval(node, static))
            pairs = merged_pairs([item.value if isinstance(item, Const) else None for item in items]) \
                if items is not None else None
            found.extend(pairs if pairs is not None else [(None, node)])
        else:
            found.append((target, node))
    return found


def _flat_entries(table, node: ast.expr) -> list:
    """`{"model.evoformer.sync": ("dp", "mp")}` as stores of its literal values; one unknown entry
    (the config is then unknown) for anything else."""
    if not isinstance(table, DictValue) or type(table) is not DictValue \
            or not all(isinstance(key, str) and all(key.split(".")) for key in table.keys):
        return [(None, node)]
    found = []
    for key, value in zip(table.keys, table.items):
        literal = _literal_node(value)
        if literal is None:
            return [(None, node)]
        found.append((key.split("."), literal))
    return found


def _literal_node(value) -> ast.expr | None:
    """An expression evaluating to `value`: a literal, or a tuple of them."""
    if isinstance(value, Const) and type(value.value) in (str, int, float, bool, type(None)):
        return ast.Constant(value.value)
    if isinstance(value, Const) and isinstance(value.value, tuple) and all(
            type(item) in (str, int, float, bool, type(None)) for item in value.value):
        display = ast.List if payload_kind(value.value) == LIST else ast.Tuple
        return display(elts=[ast.Constant(item) for item in value.value], ctx=ast.Load())
    if type(value) is TupleValue:
        items = [_literal_node(item) for item in value.items]
        display = ast.List if value.kind == LIST else ast.Tuple  # (a kind not kept: a tuple, as before)
        return display(elts=items, ctx=ast.Load()) if None not in items else None
    return None


def _literal_table(node: ast.expr) -> bool:
    """`{'loss_cls': 1.0, 'loss_box_reg': 0.5}`: str keys, each once, and literal values (a table
    of weights merged by name)."""
    return type(node) is ast.Dict and None not in node.keys \
        and all(type(key) is ast.Constant and type(key.value) is str for key in node.keys) \
        and len({key.value for key in node.keys}) == len(node.keys) \
        and all(literal_value(value) is not NOT_LITERAL for value in node.values)


def merging_method(method: ast.FunctionDef) -> bool:
    """The method's body is yacs' `merge_from_list` (an `assert` first allowed)."""
    body = [stmt for stmt in method.body if not (type(stmt) is ast.Expr and type(stmt.value) is ast.Constant)]
    if body and type(body[0]) is ast.Assert:
        body = body[1:]
    if method.decorator_list or method.args.vararg or method.args.kwarg or method.args.kwonlyargs \
            or method.args.defaults or len(positional_params(method.args)) != 2:
        return False
    template = ast.parse(_MERGE).body[0]
    return _shape(body, positional_params(method.args)) == _shape(template.body, positional_params(template.args))


def same_shape(method: ast.FunctionDef, template: ast.FunctionDef) -> bool:
    """The method (docstring aside) is the template up to the names of its own."""
    body = [stmt for stmt in method.body if not (type(stmt) is ast.Expr and type(stmt.value) is ast.Constant)]
    if method.args.vararg or method.args.kwarg or method.args.kwonlyargs or method.args.defaults \
            or len(positional_params(method.args)) != len(positional_params(template.args)):
        return False
    return _shape(body, positional_params(method.args)) == _shape(template.body, positional_params(template.args))


def _shape(body: list[ast.stmt], params: list[ast.arg]) -> str:
    """The statements' dump with their own names numbered in order of appearance."""
    names = {param.arg: f"p{index}" for index, param in enumerate(params)}
    module = ast.Module(body=[_renamed(stmt, names) for stmt in body], type_ignores=[])
    return ast.dump(module)


def _renamed(stmt: ast.stmt, names: dict[str, str]) -> ast.stmt:
    class Renamer(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.Name:
            if node.id not in _KEPT_NAMES:
                names.setdefault(node.id, f"n{len(names)}")
                return ast.Name(id=names[node.id], ctx=node.ctx)
            return node

    return Renamer().visit(copy.deepcopy(stmt))


def helper_stores(scope, call: ast.Call, name: str) -> tuple[list, list] | None:
    """([(path, value node)], [targets]) of `helper(name)` for a module function whose body only
    stores literals through its one parameter (`cfg.MODEL.AXIS = "batch"`)."""
    if type(call.func) is not ast.Name or len(call.args) != 1 or call.keywords \
            or type(call.args[0]) is not ast.Name or call.args[0].id != name:
        return None
    helper = scope.globals.unique_function(call.func.id)
    if type(helper) is not ast.FunctionDef or helper.decorator_list or helper.args.vararg or helper.args.kwarg \
            or helper.args.kwonlyargs or helper.args.defaults or len(positional_params(helper.args)) != 1:
        return None
    param = positional_params(helper.args)[0].arg
    stores, targets = [], []
    for stmt in helper.body:
        if type(stmt) is ast.Expr and type(stmt.value) is ast.Constant:
            continue
        path = store_path(stmt, param)
        if path is None or literal_value(stmt.value) is NOT_LITERAL:
            return None
        stores.append((path, stmt.value))
        targets.append(stmt.targets[0])
    return (stores, targets) if stores else None


def copy_method(method: ast.FunctionDef, own: str) -> bool:
    """`def clone(self): return Own({k: v.clone() if isinstance(v, Own) else v for k, v in
    self.items()})`: a new config of the same items, nested configs copied the same way."""
    params = positional_params(method.args)
    body = method.body[1:] if method.body and type(method.body[0]) is ast.Expr \
        and type(method.body[0].value) is ast.Constant else method.body
    if len(params) != 1 or method.args.vararg or method.args.kwarg or method.args.kwonlyargs or len(body) != 1 \
            or type(body[0]) is not ast.Return:
        return False
    made = body[0].value
    if not (type(made) is ast.Call and type(made.func) is ast.Name and made.func.id == own and len(made.args) == 1
            and not made.keywords and type(made.args[0]) is ast.DictComp):
        return False
    self_name, comp = params[0].arg, made.args[0]
    if len(comp.generators) != 1 or comp.generators[0].ifs or comp.generators[0].is_async:
        return False
    loop = comp.generators[0]
    names = [item.id for item in loop.target.elts if type(item) is ast.Name] if type(loop.target) is ast.Tuple else []
    if len(names) != 2 or len(set(names) | {self_name}) != 3 \
            or ast.dump(loop.iter) != ast.dump(ast.parse(f"{self_name}.items()", mode="eval").body) \
            or ast.dump(comp.key) != ast.dump(ast.Name(id=names[0], ctx=ast.Load())):
        return False
    key, value = names
    copied = ast.parse(f"{value}.{method.name}() if isinstance({value}, {own}) else {value}", mode="eval").body
    return ast.dump(comp.value) in (ast.dump(copied), ast.dump(ast.Name(id=value, ctx=ast.Load())))
