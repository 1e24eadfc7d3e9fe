"""Classes `collections.namedtuple` makes, and the `_fields` of every named tuple class (issue 13): `Window = collections.namedtuple("Window",
["preds", "labels"])`, then `Window(full(preds), full(labels))` returned by a helper and walked
by `[ppermute(x, ...) for x in window]`.

An object of such a class is a tuple of its fields in declared order (Python iterates and
unpacks it as one; JAX flattens it as one), so a construction is read as the tuple of the values
it is given. Only a literal field list (a list or tuple of strings, or a string of names split
by commas or spaces) without `defaults=`/`rename=`/`module=`, and a call giving every field
exactly once (no `*`/`**`), is followed; anything else is unknown.

`Params._fields` (a `typing.NamedTuple` class of the module, or such a made class) is the tuple
of its field names in declared order: `zip(Params._fields, params)` walks (name, leaf) pairs.
"""
from __future__ import annotations

import ast
from codemods.dataclass_code import dataclass

from codemods.analysis.values import UNKNOWN, ClassValue, Const, DictValue, Instance, JaxName, TupleValue, Value

_MAKERS = frozenset({"collections.namedtuple"})
_NAMED_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})


@dataclass(frozen=True, eq=False)
class TupleClass:
    """A class made by `collections.namedtuple`: its objects are tuples of `fields`."""

    fields: tuple[str, ...]


class FieldedSpecs(tuple):
    """An in_specs tree computed as an object of a made class (`GraphsTuple(feat, feat, ...)`):
    the tuple of its specs, with the field names the body reads them by (`graph.edges`)."""

    fields: tuple[str, ...] = ()

    @classmethod
    def of(cls, items, fields: tuple[str, ...]) -> "FieldedSpecs":
        named = cls(items)
        named.fields = fields
        return named


class TupleClasses:
    def tuple_fields(self, value: Value) -> tuple[str, ...] | None:
        """The field names of a made class's object, when `value` is that very object."""
        held = self.__dict__.get("_tuple_fields", {}).get(id(value))
        return held[1] if held is not None and held[0] is value else None

    def named_tuple(self, items: tuple[Value, ...], fields: tuple[str, ...]) -> TupleValue:
        made = TupleValue(items)
        # The object's field names, for `axes.item`: kept beside the very value (held, so its
        # id stays its own); a value joined or rebuilt from it is a tuple without names.
        self.__dict__.setdefault("_tuple_fields", {})[id(made)] = (made, fields)
        return made

    def call(self, callee, expr, args, keywords, starred, frame) -> Value:
        if isinstance(callee, JaxName) and callee.name in _MAKERS:
            made = _made(args, keywords, starred)
            if made is None:
                self.forget_arguments(args, keywords)
                return UNKNOWN
            return made
        if isinstance(callee, TupleClass):
            items = _items(callee, args, keywords, starred)
            if items is None:
                self.forget_arguments(args, keywords)
                return UNKNOWN
            return self.named_tuple(items, callee.fields)
        return super().call(callee, expr, args, keywords, starred, frame)

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        if self.__dict__.get("_tuple_fields") and self._plain_read(expr.value, frame):
            held = self.__dict__["_tuple_fields"].get(id(owner := self.eval(expr.value, frame)))
            if held is not None and held[0] is owner and expr.attr in held[1]:
                return owner.items[held[1].index(expr.attr)]  # `axes.item` of `Axes(shard="s", item="i")`
        if expr.attr == "_fields" and type(expr.value) is ast.Name:  # a name: reading it twice is harmless
            owner = self.eval(expr.value, frame)
            if isinstance(owner, TupleClass):
                return Const(owner.fields)
            if isinstance(owner, (ClassValue, Instance)) and (fields := self._declared_fields(owner.cls)) is not None:
                return Const(fields)
        return super().eval_Attribute(expr, frame)

    def _plain_read(self, expr: ast.expr, frame) -> bool:
        """A name, a stored field of an object a name holds (`self.axes`), or a constant item of a
        table a name holds: read twice harmlessly."""
        if type(expr) is ast.Name:
            return True
        if type(expr) is ast.Subscript and type(expr.slice) is ast.Constant and type(expr.value) is ast.Name:
            # `config["axes"]` of a dict or tuple the analysis holds: an item read runs no code
            return isinstance(self.eval(expr.value, frame), (DictValue, TupleValue))
        if type(expr) is not ast.Attribute or type(expr.value) is not ast.Name:
            return False
        owner = self.eval(expr.value, frame)
        return isinstance(owner, Instance) and (expr.attr in dict(owner.fields) if owner.fields is not None
                                                else expr.attr in self.class_facts(owner.cls).stores)

    def _declared_fields(self, cls: ast.ClassDef) -> tuple[str, ...] | None:
        """The fields of `class Params(NamedTuple):` with no other base, keyword or decorator."""
        if len(cls.bases) != 1 or cls.keywords or cls.decorator_list \
                or self.scope.resolve(cls.bases[0]) not in _NAMED_TUPLES:
            return None
        fields = []
        for stmt in cls.body:
            if type(stmt) is ast.AnnAssign:
                if type(stmt.target) is not ast.Name or not stmt.simple:
                    return None  # (`(x): int = 0` is no field: not read here)
                fields.append(stmt.target.id)
            elif type(stmt) not in (ast.FunctionDef, ast.Expr, ast.Pass):
                return None  # anything else a class body may bind: not read here
        return tuple(fields) if fields else None


def _made(args, keywords, starred) -> TupleClass | None:
    if starred or keywords or len(args) != 2:
        return None
    name, fields = args[0][0], args[1][0]
    if not isinstance(name, Const) or type(name.value) is not str:
        return None
    if isinstance(fields, Const) and type(fields.value) is str:
        names = tuple(fields.value.replace(",", " ").split())
    elif isinstance(fields, Const) and isinstance(fields.value, tuple):
        names = fields.value
    elif isinstance(fields, TupleValue) and all(isinstance(item, Const) for item in fields.items):
        names = tuple(item.value for item in fields.items)
    else:
        return None
    if not names or not all(type(field) is str and field.isidentifier() and not field.startswith("_")
                            for field in names) or len(set(names)) != len(names):
        return None  # Python rejects these (without rename=)
    return TupleClass(names)


def _items(cls: TupleClass, args, keywords, starred) -> tuple[Value, ...] | None:
    if starred or len(args) > len(cls.fields):
        return None
    given = dict(zip(cls.fields, (value for value, _ in args)))
    for name, (value, _) in keywords.items():
        if name in given or name not in cls.fields:
            return None  # a TypeError in Python
        given[name] = value
    if len(given) != len(cls.fields):
        return None
    return tuple(given[name] for name in cls.fields)
