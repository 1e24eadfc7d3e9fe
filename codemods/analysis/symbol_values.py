"""The values of symbols (symbols.py): an axis name the analysis cannot compute but can name.

A SymbolState is an AxisState (the state the analysis gave the value before symbols existed,
so every rule that reads it as an array sees what it saw) that also names the expression it was
read from: `settings.space`, `CFG["axis"]`. A SymbolAxis is that expression as an axis name: a
str no program writes (a NUL, the binding's place and the text), whose repr is the expression.
"""
from __future__ import annotations

from codemods.dataclass_code import dataclass

from codemods.analysis.values import STATIC, AxisState, DictValue, SameLeaves, Static, TupleValue, Value


class SymbolAxis(str):
    """One unknown axis name (or group): equal to another only when read from the same binding
    through the same chain. `typed`: certainly a str (not a tuple of names); `root`: (kind,
    binder, name) of the binding the chain starts at, for fixes that spell it. `names`: certainly
    a tuple or list of strs (a tuple default, `tuple(text.split(","))`), of a length not known."""

    def __new__(cls, key: str, text: str, typed: bool, root: tuple, names: bool = False):
        made = super().__new__(cls, key)
        made.text, made.typed, made.root, made.names = text, typed, root, names
        return made

    def __getnewargs__(self):
        return (str(self), self.text, self.typed, self.root, self.names)

    def items(self, count: int) -> tuple[SymbolAxis, ...]:
        """`self[0]`, ..., `self[count - 1]` (the keys symbols.py gives those reads), each a str."""
        return tuple(SymbolAxis(str(self) + f"[{index}]", self.text + f"[{index}]", True, self.root) for index in range(count))

    def __repr__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


@dataclass(frozen=True, eq=False)
class SymbolState(AxisState):
    """An AxisState read from a symbol's chain. `kind` is what the value is known to be: 'str',
    'names' (a mesh's axis_names), 'namespace' (parse_args), a module ClassDef, or None."""

    symbol: SymbolAxis | None = None
    kind: object = None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AxisState):
            return self.named == other.named and self.rest == other.rest
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.named, self.rest))

    def plain(self) -> AxisState:
        return AxisState(self.named, self.rest, self.why, self.gathers, self.mixed, self.shape)


@dataclass(frozen=True)
class SymbolStatic(Static):
    """A Python value the analysis knew only as such (`tuple(...)` of a string it cannot read),
    read from a symbol's chain."""

    symbol: SymbolAxis | None = None
    kind: object = None


def demoted(value: Value) -> Value:
    """`value` with every symbol inside it forgotten (a value computed from a symbol is not it)."""
    if type(value) is SymbolState:
        return value.plain()
    if type(value) is SymbolStatic:
        return STATIC
    if type(value) is TupleValue:
        items = tuple(demoted(item) for item in value.items)
        return value if all(a is b for a, b in zip(items, value.items)) else TupleValue(items, value.kind)
    if type(value) is DictValue:
        items = tuple(demoted(item) for item in value.items)
        return value if all(a is b for a, b in zip(items, value.items)) else DictValue(value.keys, items)
    if type(value) is SameLeaves and type(value.item) is SymbolState:
        return SameLeaves(value.item.plain())
    return value
