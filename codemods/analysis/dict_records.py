"""Dataclass records that are dicts too (issue 13): Hugging Face's model outputs,

    class ModelOutput(collections.OrderedDict):
        def __post_init__(self):
            for field in dataclasses.fields(self):
                value = getattr(self, field.name)
                if value is not None:
                    self[field.name] = value

    @dataclasses.dataclass
    class FlaxBaseModelOutput(ModelOutput):
        last_hidden_state: Optional[jax.Array] = None
        attentions: Optional[jax.Array] = None

read as `outputs["attentions"]`, `outputs.attentions`, `outputs.keys()` (`.values()`, `.items()`)
and through the base's own methods (`to_tuple`: `tuple(self[k] for k in self.keys())`). An object of
such a class holds its fields as attributes, and as items those whose value is not None, in field
order.

Followed only when all of it is plain to see: the record class is decorated by
`dataclasses.dataclass` alone and has fields only; its one base is a module class whose one base
is `collections.OrderedDict` or `dict`, which defines that `__post_init__` and otherwise plain
methods only (no other dunder); and no code of the module stores or deletes an item of anything
outside that `__post_init__`, or calls a dict's changing method (`update`, `pop`, ...) on
anything: the items stay the ones construction made.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.object_methods import class_method
from codemods.analysis.values import UNKNOWN, Const, Instance, TupleValue, Value

_DICT_BASES = frozenset({"collections.OrderedDict", "builtins.dict"})
_CHANGES = frozenset({"update", "pop", "popitem", "setdefault", "clear", "__setitem__", "__delitem__", "move_to_end"})


def record_fields(scope, cls: ast.ClassDef) -> tuple[tuple[str, ast.expr | None], ...] | None:
    """(field, default) in order for such a record class; None otherwise."""
    known = scope.tree.__dict__.setdefault("_shardfix_dict_records", {})
    if id(cls) not in known:
        known[id(cls)] = _fields(scope, cls)
    return known[id(cls)]


def _fields(scope, cls: ast.ClassDef):
    if len(cls.decorator_list) != 1 or scope.resolve(cls.decorator_list[0]) != "dataclasses.dataclass" \
            or cls.keywords or len(cls.bases) != 1 or type(cls.bases[0]) is not ast.Name \
            or cls.bases[0].id not in scope.classes:
        return None
    base = scope.classes[cls.bases[0].id]
    if base.decorator_list or base.keywords or len(base.bases) != 1 or _base_name(scope, base.bases[0]) not in _DICT_BASES:
        return None
    hooks = [member for member in base.body if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not any(member.name == "__post_init__" and _copies_fields(member) for member in hooks) \
            or any(member.name.startswith("__") and member.name != "__post_init__" for member in hooks) \
            or any(not isinstance(member, (ast.FunctionDef, ast.Expr, ast.Pass)) for member in base.body):
        return None
    fields = []
    for stmt in cls.body:
        if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name and stmt.simple:
            fields.append((stmt.target.id, stmt.value))
        elif not (type(stmt) is ast.Expr and type(stmt.value) is ast.Constant):
            return None
    if not fields or _items_changed(scope, base):
        return None
    return tuple(fields)


def _base_name(scope, base: ast.expr) -> str | None:
    if type(base) is ast.Name and base.id == "dict" and not scope.globals.binds("dict") \
            and "dict" not in scope.imports.bindings:
        return "builtins.dict"
    return scope.resolve(base)


def _copies_fields(hook: ast.FunctionDef) -> bool:
    """`for f in dataclasses.fields(self): v = getattr(self, f.name); if v is not None: self[f.name] = v`."""
    params = hook.args.posonlyargs + hook.args.args
    if len(params) != 1 or len(hook.body) != 1 or type(hook.body[0]) is not ast.For:
        return False
    self_name, loop = params[0].arg, hook.body[0]
    if type(loop.target) is not ast.Name or loop.orelse or len(loop.body) != 2:
        return False
    field = loop.target.id
    expected = (f"for {field} in dataclasses.fields({self_name}):\n"
                f"    {{v}} = getattr({self_name}, {field}.name)\n"
                f"    if {{v}} is not None:\n"
                f"        {self_name}[{field}.name] = {{v}}")
    read = loop.body[0]
    if type(read) is not ast.Assign or len(read.targets) != 1 or type(read.targets[0]) is not ast.Name:
        return False
    return ast.unparse(loop) == expected.format(v=read.targets[0].id)


def _items_changed(scope, base: ast.ClassDef) -> bool:
    """Some code may change an item of some dict: a store or delete of an item outside the
    base's `__post_init__`, or a changing method called on anything."""
    allowed = {id(node) for member in base.body if isinstance(member, ast.FunctionDef) and member.name == "__post_init__"
               for node in ast.walk(member)}
    if any(not isinstance(node.ctx, ast.Load) and id(node) not in allowed for node in nodes_of_type(scope.tree, ast.Subscript)):
        return True
    return any(type(node.func) is ast.Attribute and node.func.attr in _CHANGES for node in nodes_of_type(scope.tree, ast.Call))


def has_records(scope) -> bool:
    """Whether any module class is such a record class (the item reads look only then)."""
    found = scope.tree.__dict__.get("_shardfix_has_dict_records")
    if found is None:
        found = scope.tree._shardfix_has_dict_records = any(
            record_fields(scope, cls) is not None for cls in scope.classes.values() if cls.decorator_list)
    return found


def record_items(scope, value: Value) -> list[tuple[str, Value]] | None:
    """The (key, item) pairs of such a record object, in order; None when not one or when a
    field's value may be None or not (unknown)."""
    if not isinstance(value, Instance) or value.fields is None or record_fields(scope, value.cls) is None:
        return None
    held = dict(value.fields)
    pairs = []
    for name, _ in record_fields(scope, value.cls):
        item = held.get(name, UNKNOWN)
        if item == UNKNOWN:
            return None
        if not (isinstance(item, Const) and item.value is None):
            pairs.append((name, item))
    return pairs


class DictRecords:
    """Interpreter hooks: constructing such a record, and reading its items."""

    def construct(self, receiver, args, keywords, starred) -> Value:
        fields = record_fields(self.scope, receiver.cls)
        if fields is None:
            return super().construct(receiver, args, keywords, starred)
        if starred or len(args) > len(fields):
            return UNKNOWN
        given = dict(zip((name for name, _ in fields), (value for value, _ in args)))
        for name, (value, _) in keywords.items():
            if name in given or name not in dict(fields):
                return UNKNOWN  # a TypeError in Python
            given[name] = value
        for name, default in fields:
            if name not in given:
                if default is None:
                    return UNKNOWN
                given[name] = self.eval(default, self.module_frame)
        return Instance(receiver.cls, tuple(sorted(given.items())))

    def eval_Subscript(self, expr: ast.Subscript, frame) -> Value:
        if type(expr.value) is ast.Name and type(expr.slice) in (ast.Constant, ast.Name) and has_records(self.scope):
            items = record_items(self.scope, self.eval(expr.value, frame))  # names: read twice harmlessly
            key = self.eval(expr.slice, frame) if items is not None else None
            if isinstance(key, Const) and type(key.value) is str:  # `self[k]` of `for k in self.keys()` too
                return dict(items).get(key.value, UNKNOWN)  # a missing key: a KeyError
        return super().eval_Subscript(expr, frame)

    def eval_Call(self, expr: ast.Call, frame) -> Value:
        func = expr.func
        if type(func) is ast.Attribute and func.attr in ("keys", "values", "items") and type(func.value) is ast.Name \
                and not expr.args and not expr.keywords and has_records(self.scope):
            receiver = self.eval(func.value, frame)  # a name: read twice harmlessly
            items = record_items(self.scope, receiver)
            if items is not None and class_method(self.scope, receiver.cls, func.attr) is None:  # dict's own
                keys = tuple(Const(key) for key, _ in items)
                values = tuple(item for _, item in items)
                return TupleValue(keys if func.attr == "keys" else values if func.attr == "values"
                                  else tuple(TupleValue(pair) for pair in zip(keys, values)))
        return super().eval_Call(expr, frame)
