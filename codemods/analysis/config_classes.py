"""The methods of a hand-written config class (attr_dicts.py; issue 13): which `__init__`,
`__getattr__`, `__setattr__` and `__delattr__` make a `dict` subclass a config whose items are
read and stored by attribute, as ml_collections' `ConfigDict` and mmcv's `ConfigDict` are."""
from __future__ import annotations

import ast


def converting_init(cls: ast.ClassDef, init: ast.FunctionDef) -> bool:
    """`def __init__(self, *args, **kwargs): super().__init__(*args, **kwargs)` then
    `for key, value in self.items(): if isinstance(value, dict) [and not isinstance(value, Own)]:
    self[key] = Own(value)` (mmcv's ConfigDict written by hand): each nested plain dict becomes a
    config of the class, as ml_collections converts them."""
    params = init.args
    if params.posonlyargs or params.kwonlyargs or params.defaults or len(params.args) != 1 or len(init.body) != 2 \
            or params.vararg is None or params.kwarg is None:
        return False
    receiver = params.args[0].arg
    call, loop = init.body
    if type(call) is not ast.Expr or ast.dump(call.value) != ast.dump(ast.parse(
            f"super().__init__(*{params.vararg.arg}, **{params.kwarg.arg})", mode="eval").body):
        return False
    if type(loop) is not ast.For or loop.orelse or len(loop.body) != 1 or type(loop.body[0]) is not ast.If \
            or loop.body[0].orelse or len(loop.body[0].body) != 1 \
            or ast.dump(loop.iter) != ast.dump(ast.parse(f"{receiver}.items()", mode="eval").body) \
            or type(loop.target) is not ast.Tuple or len(loop.target.elts) != 2 \
            or any(type(name) is not ast.Name for name in loop.target.elts):
        return False
    key, value = (name.id for name in loop.target.elts)
    if len({receiver, key, value, params.vararg.arg, params.kwarg.arg}) != 5:
        return False
    tests = [ast.dump(ast.parse(f"isinstance({value}, dict)", mode="eval").body),
             ast.dump(ast.parse(f"isinstance({value}, dict) and not isinstance({value}, {cls.name})", mode="eval").body)]
    store = ast.dump(ast.parse(f"{receiver}[{key}] = {cls.name}({value})").body[0])
    return ast.dump(loop.body[0].test) in tests and ast.dump(loop.body[0].body[0]) == store


_CHANGING = frozenset({"__setitem__", "__delitem__", "__setattr__", "__delattr__"})


def method_shape(method: ast.FunctionDef, own: str) -> str | None:
    """'read' for `def __getattr__(self, k): return self[k]` (or the same in a try that turns
    KeyError into AttributeError), 'wrap' when it returns a nested dict item as its own class
    (`v = self[k]; return Own(v) if isinstance(v, dict) else v`), 'store' for
    `def __setattr__(self, k, v): self[k] = v`, 'delete' for `__delattr__` deleting the item,
    'refuse' for a `__setitem__`/`__delitem__`/`__setattr__`/`__delattr__` that only raises (a
    frozen config: diffusers' `FrozenDict`; `update` still changes items, as attr_dicts.py knows);
    None for anything else."""
    params = [param.arg for param in method.args.args]
    body = method.body[1:] if method.body and type(method.body[0]) is ast.Expr \
        and type(method.body[0].value) is ast.Constant else method.body
    if method.args.vararg or method.args.kwarg or method.args.kwonlyargs or method.args.defaults:
        return None
    if method.name in _CHANGING and len(body) == 1 and type(body[0]) is ast.Raise:
        return "refuse"
    while method.name == "__setattr__" and len(body) > 1 and type(body[0]) is ast.If and not body[0].orelse \
            and len(body[0].body) == 1 and type(body[0].body[0]) is ast.Raise:
        body = body[1:]  # `if self._frozen: raise AttributeError(...)`: a store that happens stores the item
    if len(body) == 2 and _raising_try(body[0]):
        body = [body[0].body[0], body[1]]  # `try: v = self[k]` / `except KeyError: raise AttributeError(k)`
    if method.name == "__getattr__" and len(params) == 2 and _wraps_item(body, params, own):
        return "wrap"
    if len(body) != 1:
        return None
    stmt = body[0]
    if method.name == "__getattr__" and len(params) == 2:
        if _raising_try(stmt):
            stmt = stmt.body[0]
        return "read" if type(stmt) is ast.Return and (_item_of(stmt.value, params) or _got(stmt.value, params)) else None
    if method.name == "__setattr__" and len(params) == 3:
        return "store" if type(stmt) is ast.Assign and len(stmt.targets) == 1 and _item_of(stmt.targets[0], params) \
            and type(stmt.value) is ast.Name and stmt.value.id == params[2] else None
    if method.name == "__delattr__" and len(params) == 2:
        return "delete" if type(stmt) is ast.Delete and len(stmt.targets) == 1 and _item_of(stmt.targets[0], params) \
            else None
    return None


def _raising_try(stmt: ast.stmt) -> bool:
    """`try: <one statement>` whose every handler only raises (a missing key's KeyError made an
    AttributeError): for the keys the analysis reads, the statement alone."""
    return type(stmt) is ast.Try and len(stmt.body) == 1 and not stmt.orelse and not stmt.finalbody \
        and all(len(handler.body) == 1 and type(handler.body[0]) is ast.Raise for handler in stmt.handlers)


def _wraps_item(body: list[ast.stmt], params: list[str], own: str) -> bool:
    """`v = self[k]` then `return Own(v) if isinstance(v, dict) else v` (ml_collections' habit,
    written by hand): a nested dict is read as a config of the same class, like ConfigDict."""
    if len(body) != 2 or type(body[0]) is not ast.Assign or len(body[0].targets) != 1 \
            or type(body[0].targets[0]) is not ast.Name or not _item_of(body[0].value, params) \
            or type(body[1]) is not ast.Return or type(body[1].value) is not ast.IfExp:
        return False
    name, pick = body[0].targets[0].id, body[1].value
    if name in params:
        return False

    def is_name(node: ast.expr) -> bool:
        return type(node) is ast.Name and node.id == name
    test, wrapped = pick.test, pick.body
    return type(test) is ast.Call and type(test.func) is ast.Name and test.func.id == "isinstance" \
        and len(test.args) == 2 and not test.keywords and is_name(test.args[0]) \
        and type(test.args[1]) is ast.Name and test.args[1].id == "dict" and is_name(pick.orelse) \
        and type(wrapped) is ast.Call and type(wrapped.func) is ast.Name and wrapped.func.id == own \
        and len(wrapped.args) == 1 and not wrapped.keywords and is_name(wrapped.args[0])


def _item_of(node: ast.expr | None, params: list[str]) -> bool:
    """`self[k]` with the method's own receiver and key parameters."""
    return type(node) is ast.Subscript and type(node.value) is ast.Name and node.value.id == params[0] \
        and type(node.slice) is ast.Name and node.slice.id == params[1]


def _got(node: ast.expr | None, params: list[str]) -> bool:
    """`self.get(k)` (None for a missing key; a present one reads its item)."""
    return type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "get" \
        and type(node.func.value) is ast.Name and node.func.value.id == params[0] and len(node.args) == 1 \
        and not node.keywords and type(node.args[0]) is ast.Name and node.args[0].id == params[1]


def initial_init(cls: ast.ClassDef, init: ast.FunctionDef) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the other parameters, the attributes set beside the items) of an `__init__` taking the
    items as its first parameter, as a hand-written ml_collections `ConfigDict` does:

        def __init__(self, initial=None, frozen=False):
            super().__init__()
            object.__setattr__(self, "_frozen", frozen)
            for key, value in (initial or {}).items():
                if isinstance(value, dict):
                    value = ConfigDict(value, frozen)
                dict.__setitem__(self, key, value)

    (the conversion may be left out, `self[key] = value` stores too); None for anything else."""
    params = init.args
    names = [param.arg for param in params.args]
    if params.posonlyargs or params.kwonlyargs or params.vararg or params.kwarg or len(names) < 2 \
            or len(params.defaults) != len(names) - 1 or any(type(d) is not ast.Constant for d in params.defaults):
        return None
    me, initial = names[0], names[1]
    body = list(init.body)
    if body and type(body[0]) is ast.Expr and ast.dump(body[0].value) == ast.dump(ast.parse("super().__init__()", mode="eval").body):
        body = body[1:]
    attributes = set()
    while body and type(body[0]) is ast.Expr and _object_store(body[0].value, me):
        attributes.add(body[0].value.args[1].value)
        body = body[1:]
    if len(body) != 1 or type(body[0]) is not ast.For or body[0].orelse:
        return None
    loop = body[0]
    if ast.dump(loop.iter) != ast.dump(ast.parse(f"({initial} or {{}}).items()", mode="eval").body) \
            or type(loop.target) is not ast.Tuple or len(loop.target.elts) != 2 \
            or any(type(name) is not ast.Name for name in loop.target.elts):
        return None
    key, value = (name.id for name in loop.target.elts)
    if len({me, initial, key, value}) != 4 or {key, value} & set(names):
        return None
    steps = loop.body
    if len(steps) == 2:
        converted = ast.parse(f"if isinstance({value}, dict):\n    {value} = {cls.name}({value})").body[0]
        test = steps[0]
        if type(test) is not ast.If or test.orelse or len(test.body) != 1 or ast.dump(test.test) != ast.dump(converted.test) \
                or type(test.body[0]) is not ast.Assign or ast.dump(test.body[0].targets[0]) != ast.dump(converted.body[0].targets[0]) \
                or not _own_call(test.body[0].value, cls.name, value, set(names[2:])):
            return None
        steps = steps[1:]
    stores = {ast.dump(ast.parse(f"dict.__setitem__({me}, {key}, {value})").body[0]),
              ast.dump(ast.parse(f"{me}[{key}] = {value}").body[0])}
    if len(steps) != 1 or ast.dump(steps[0]) not in stores:
        return None
    return frozenset(names[2:]), frozenset(attributes)


def _object_store(call: ast.expr, me: str) -> bool:
    """`object.__setattr__(self, "_frozen", <a name or constant>)`."""
    return type(call) is ast.Call and ast.dump(call.func) == ast.dump(ast.parse("object.__setattr__", mode="eval").body) \
        and len(call.args) == 3 and not call.keywords and type(call.args[0]) is ast.Name and call.args[0].id == me \
        and type(call.args[1]) is ast.Constant and type(call.args[1].value) is str \
        and type(call.args[2]) in (ast.Name, ast.Constant)


def _own_call(call: ast.expr, own: str, value: str, settings: set[str]) -> bool:
    """`Own(value[, setting...])`: a nested dict made a config of the class with the same settings."""
    return type(call) is ast.Call and type(call.func) is ast.Name and call.func.id == own and not call.keywords \
        and bool(call.args) and type(call.args[0]) is ast.Name and call.args[0].id == value \
        and all(type(arg) is ast.Name and arg.id in settings for arg in call.args[1:])


def plain_copy(method: ast.FunctionDef, own: str) -> bool:
    """`def to_dict(self): return {k: v.to_dict() if isinstance(v, Own) else v for k, v in self.items()}`:
    the items as plain nested dicts."""
    params = [param.arg for param in method.args.args]
    body = method.body[1:] if method.body and type(method.body[0]) is ast.Expr \
        and type(method.body[0].value) is ast.Constant else method.body
    if len(params) != 1 or method.args.vararg or method.args.kwarg or method.args.kwonlyargs or method.decorator_list \
            or len(body) != 1 or type(body[0]) is not ast.Return or type(body[0].value) is not ast.DictComp:
        return False
    comp = body[0].value
    if len(comp.generators) != 1 or type(comp.generators[0].target) is not ast.Tuple:
        return False
    names = comp.generators[0].target.elts
    if len(names) != 2 or any(type(name) is not ast.Name for name in names):
        return False
    key, value = names[0].id, names[1].id
    expected = ast.parse(f"{{{key}: {value}.{method.name}() if isinstance({value}, {own}) else {value} "
                         f"for {key}, {value} in {params[0]}.items()}}", mode="eval").body
    return len({key, value, params[0]}) == 3 and ast.dump(comp) == ast.dump(expected)


_DICT_MERGE = """
def merge(self, flat):
    for path, value in flat.items():
        node = self
        *parents, leaf = path.split(".")
        for part in parents:
            node = node[part]
        node[leaf] = value
"""


def dict_merging(method: ast.FunctionDef) -> bool:
    """The method stores each item of a dict of dotted paths (`update_from_flattened_dict`)."""
    from codemods.analysis.config_builders import same_shape

    template = ast.parse(_DICT_MERGE).body[0]
    swapped = ast.parse(_DICT_MERGE).body[0]
    loop = swapped.body[0].body
    loop[0], loop[1] = loop[1], loop[0]  # `*parents, leaf = ...` before `node = self`: the same walk
    return not method.decorator_list and (same_shape(method, template) or same_shape(method, swapped))
