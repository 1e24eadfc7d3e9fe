"""JAX's transfer rules for one JAX version, read from the tables the generator derived.

No JAX import: the tables are JSON files shipped in the package (codemods/transfer/data). The
table for a target is the one derived on that JAX version, or on the nearest older one that has a
table; an operation or case absent from it is unknown, and unknown never proves anything.
"""
from __future__ import annotations

import functools
import gzip
import json
import re
from dataclasses import replace

from codemods.dataclass_code import dataclass
from importlib import resources

from codemods.jaxapi import ERR_REDUCED_WITH_REPLICATED
from codemods.transfer import model
from codemods.transfer.lazy_read import read_lazily  # each operation decoded when first asked for

Version = tuple[int, int, int]

# Python operator symbols as the analysis spells them -> the generator's operator names.
OPERATOR_NAMES = {
    "+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod", "**": "pow", "@": "matmul",
    "<<": "lshift", ">>": "rshift", "&": "and", "|": "or", "^": "xor", "==": "eq", "!=": "ne", "<": "lt",
    "<=": "le", ">": "gt", ">=": "ge",
}
_FILE_NAME = re.compile(r"^transfer-(\d+)\.(\d+)\.(\d+)\.json\.gz$")

# Labels of a Python number among the operands, as the generator's case keys name them.
FLOAT = "float"
INT = "int"


@dataclass(frozen=True)
class Outcome:
    """What JAX did in one case: the output's state, or the error it raised."""
    state: str | None = None
    error: str | None = None
    message: str = ""

    @classmethod
    def of(cls, data: dict) -> Outcome:
        return cls(data.get("state"), data.get("error"), data.get("message", ""))


@dataclass(frozen=True)
class Operation:
    name: str
    args: tuple[str, ...]
    cases: dict
    # The names positional arguments bind, in order (`x.sum(0)` is `x.sum(axis=0)`).
    params: tuple[str, ...] = ()
    # Derived by the generator: no observed case changed with the other axes' states.
    other_axes_irrelevant: bool = False
    # The table's distinct outcomes: a case holds an index into them.
    outcomes: tuple = ()
    # The column letters over which the other axes were seen irrelevant (a format-2 table: "IV").
    irrelevant_letters: str = "IV"
    # The parameters whose default is None (none-defaults-X.Y.Z.json.gz, derived beside the table).
    none_defaults: frozenset = frozenset()
    # The dtype kind ("float", "int", "bool") every array operand is known to have (`of_kind`):
    # a case JAX answered differently per dtype reads that kind's outcome. None: not known.
    dtype_kind: str | None = None

    def of_kind(self, kind: str | None) -> Operation:
        """This operation read for array operands all of dtype kind `kind` (None: not known)."""
        return self if kind == self.dtype_kind else replace(self, dtype_kind=kind)

    @property
    def irrelevant_states(self) -> frozenset[str]:
        """The states operands may have on the other axes for a case to read its `@`-less form."""
        if not self.other_axes_irrelevant:
            return frozenset()
        return frozenset(model.STATE_OF_LETTER[letter] for letter in self.irrelevant_letters)

    def outcome(self, case: str) -> Outcome | None:
        data = self._data(case)
        if data is None and (others := _other_int_axes(case)):
            # An int axis the generator did not try (its arrays are 2-D: axis=2 of a 3-D array):
            # the outcome every int axis it tried gave alike, when those agree.
            seen = [self._data(other) for other in others]
            if len(seen) >= 2 and all(item is not None and model.gist(item) == model.gist(seen[0]) for item in seen):
                data = seen[0]
        if data is None:
            data = self._any_array_axis(case)
        if data is None:
            data = self._untried_combination(case)
        return None if data is None else Outcome.of(data)

    def _untried_combination(self, case: str) -> dict | None:
        """An int axis the generator tried, with other keywords it tried only beside other int
        axes (`axis=1|keepdims=True`: tried were `axis=1`, `axis=0|keepdims=True` and
        `axis=-1|keepdims=True`): the outcome all of those gave alike, an error included. Which
        dimension of the per-device array a reduction runs over, and whether it keeps that
        dimension, cannot change the mesh-axis state; so only outcomes that agree over both are read."""
        match = _INT_AXIS.search(case)
        if match is None or match.group(1) not in _TRIED_INT_AXES:
            return None
        base, context = model.split_key(case)
        keywords = base.split("|")
        if len(keywords) < 3:
            return None  # the axis alone: nothing else was left untried
        own = f"axis={match.group(1)}"
        alone = "|".join(part for part in keywords if "=" not in part or part == own) + context
        siblings = [case[:match.start(1)] + axis + case[match.end(1):] for axis in _TRIED_INT_AXES
                    if axis != match.group(1)]
        seen = [self._data(other) for other in (alone, *siblings)]
        if not all(item is not None for item in seen) or len({model.gist(item) for item in seen}) != 1:
            return None
        return seen[0]

    def _any_array_axis(self, case: str) -> dict | None:
        """A reduction over array dimensions the generator did not try, a tuple among them
        (`axis=(1, 2)`, `axis=(0,)`): the outcome every tried dimension gave in the same case,
        when at least two were tried, all agree and none raised (three, for a tuple of dimensions
        and JAX's rejection of a reduced operand beside a replicated one). Which array dimensions a
        per-device reduction runs over cannot change the mesh-axis state of its result."""
        if self.other_axes_irrelevant and model.context_letters(case) <= set(self.irrelevant_letters):
            case = model.split_key(case)[0]
        found = _ARRAY_AXIS.search(case)
        if found is None:
            return None
        rest = case[:found.start(1)] + case[found.end(1):]
        tried = {}
        for other in self.cases:
            match = _ARRAY_AXIS.search(other)
            if match is not None and other[:match.start(1)] + other[match.end(1):] == rest:
                tried[match.group(1)] = self._data(other)
        # A tuple of dimensions only where one was tried: `argmax` and `cumsum` reject tuples.
        if found.group(1).startswith("(") and not any(value.startswith("(") for value in tried):
            return None
        seen = list(tried.values())
        if len(seen) < 2 or not all(item is not None and model.gist(item) == model.gist(seen[0]) for item in seen):
            return None
        if "state" in seen[0] and "error" not in seen[0]:
            return seen[0]
        # Rejecting a reduced operand beside a replicated one is JAX's check of the mesh-axis types
        # of what the reduction computes (jnp.mean's division by the count), whatever dimensions it
        # runs over; an error about the dimensions themselves differs between the tried ones.
        rejected = len(seen) >= 3 and found.group(1).startswith("(") \
            and seen[0].get("message", "").startswith(ERR_REDUCED_WITH_REPLICATED)
        return seen[0] if rejected else None

    def _data(self, case: str) -> dict | None:
        if self.other_axes_irrelevant and model.context_letters(case) <= set(self.irrelevant_letters):
            case = model.split_key(case)[0]
        data = self.cases.get(case)
        data = self.outcomes[data] if isinstance(data, int) else data
        if self.dtype_kind is not None and data is not None and data.get("result") == "depends":
            # The kind's own outcome, where the table kept one (model.DTYPE_OUTCOMES; older tables
            # have none): still a case that depends, unknown, without it.
            return data.get(model.DTYPE_OUTCOMES, {}).get(self.dtype_kind, data)
        return data

    @property
    def array_operands(self) -> int:
        return sum(1 if slot == "A" else 2 if slot == "L" else 0 for slot in self.args)


# The int axes the generator tries on its 2-D arrays (model.KEYWORD_PARAMETERS' `axis`).
_TRIED_INT_AXES = ("0", "1", "-1")
_INT_AXIS = re.compile(r"\|axis=(-?\d+)(?=[|@]|$)")
# `|axis=1`, `|axis=-1`, `|axis=(0, 1)`, `|axis=(0,)`: array dimensions given as integers (not None).
_ARRAY_AXIS = re.compile(r"\|axis=(-?\d+|\((?:-?\d+, )*-?\d+,?\))(?=[|@]|$)")


def _other_int_axes(case: str) -> list[str]:
    """`case` spelled with each int axis the generator tried, when its own int axis is not one."""
    match = _INT_AXIS.search(case)
    if match is None or match.group(1) in _TRIED_INT_AXES:
        return []
    return [case[:match.start(1)] + axis + case[match.end(1):] for axis in _TRIED_INT_AXES]


@dataclass(frozen=True)
class Table:
    jax_version: str
    derived: str
    operations: dict
    collectives: dict
    unsatisfied: dict
    outcomes: tuple = ()

    def operation(self, name: str) -> Operation | None:
        data = self.operations.get(name)
        if data is None:
            return None
        return Operation(name, tuple(data.get("args", ())), data.get("cases", {}), tuple(data.get("params", ())),
                         bool(data.get(model.OTHER_AXES_IRRELEVANT)), self.outcomes,
                         data.get(model.OTHER_AXES_IRRELEVANT_STATES, "IV"),
                         frozenset(none_defaults(self.jax_version).get(name, ())))

    def function(self, canonical: str) -> Operation | None:
        return self.operation(canonical)

    def method(self, name: str) -> Operation | None:
        return self.operation(f"method:{name}")

    def attribute(self, name: str) -> Operation | None:
        return self.operation(f"attribute:{name}")

    def operator(self, symbol: str) -> Operation | None:
        name = OPERATOR_NAMES.get(symbol)
        return None if name is None else self.operation(f"operator:{name}")

    def collective_outcome(self, name: str, axes: tuple[str, ...], states: dict[str, str]) -> dict | None:
        """The observed outcome of collective `name` (e.g. "jax.lax.all_gather(to=reduced)") over
        ("i",) or ("i", "j") with its input in `states` on i and j; None when not observed."""
        entry = self.collectives.get(name)
        if entry is None:
            return None
        key = f"{'+'.join(axes)}:i={states.get('i')},j={states.get('j')}"
        return entry["cases"].get(key)


def layout(labels) -> str:
    """The key of a case: each positional operand's label in order (a state, `float`, `int`)."""
    return ",".join(labels)


def case_key(labels, keywords: str = "", context: str = "") -> str:
    """The key of a case (see codemods.transfer.model): the operands' labels, the keywords
    (`|axis=0|keepdims=True`), the other axes' states (`@VI`)."""
    return layout(labels) + keywords + context


def _key(case) -> str:
    return case if isinstance(case, str) else layout(case)


def state_after(operation: Operation | None, case) -> str | None:
    """The state on the reduced axis JAX was seen to give in `case`; None when not observed or
    when JAX raised."""
    if operation is None:
        return None
    outcome = operation.outcome(_key(case))
    return None if outcome is None else outcome.state


def keeps_reduced(operation: Operation | None, case) -> bool:
    """True when JAX was seen to give a result reduced on the axis in `case` (a key, or the
    operands' labels: ("reduced", "reduced") for `r * r`, ("reduced", "int") for `r ** 2`)."""
    if operation is None:
        return False
    outcome = operation.outcome(_key(case))
    return outcome is not None and outcome.state == model.REDUCED


def raises(operation: Operation | None, case, error_text: str) -> bool:
    """True when JAX was seen to raise `error_text` in `case` (a key or the operands' labels)."""
    if operation is None:
        return False
    outcome = operation.outcome(_key(case))
    return outcome is not None and outcome.error is not None and outcome.message.startswith(error_text)


def may_raise(operation: Operation | None, error_text: str) -> bool:
    """Whether some observed case of `operation` with a reduced operand raised `error_text`."""
    if operation is None:
        return False
    return any(model.REDUCED in re.split(r"[,|@]", case) and raises(operation, case, error_text)
               for case in operation.cases)


def rejecting_operations(table: Table, error_text: str) -> list[str]:
    """Names of the operations that raise `error_text` on a reduced operand alone, beside a
    Python number or beside an invariant array (for `shardfix explain`)."""
    return [name for name in sorted(table.operations) if may_raise(table.operation(name), error_text)]


def available() -> list[Version]:
    """The JAX versions a table ships for, oldest first."""
    versions = []
    for entry in resources.files("codemods.transfer").joinpath("data").iterdir():
        match = _FILE_NAME.match(entry.name)
        if match:
            versions.append(tuple(int(part) for part in match.groups()))
    return sorted(versions)


@functools.lru_cache(maxsize=None)
def none_defaults(jax_version: str) -> dict:
    """Operation name -> its parameters that default to None, on the JAX the table was derived on
    (codemods/transfer/defaults.py); empty when not derived for it."""
    entry = resources.files("codemods.transfer").joinpath("data", f"none-defaults-{jax_version}.json.gz")
    if not entry.is_file():
        return {}
    return json.loads(gzip.decompress(entry.read_bytes()))["none_defaults"]


def file_name(version: Version) -> str:
    return f"transfer-{version[0]}.{version[1]}.{version[2]}.json.gz"


def read(path, resolved: bool = False) -> dict:
    """A table file's data (gzip-compressed JSON; plain JSON too, e.g. a generator's output);
    `resolved`: each case's outcome in place of its index."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    data = json.loads(raw.decode("utf-8"))
    return model.resolve_outcomes(data) if resolved else data


@functools.lru_cache(maxsize=None)
def load(target: Version) -> Table | None:
    """The table for `target`: derived on it, or on the nearest older version; None when every
    table is newer than the target (then everything is unknown)."""
    older = [version for version in available() if version <= tuple(target)]
    if not older:
        return None
    return from_data(read_lazily(resources.files("codemods.transfer").joinpath("data", file_name(older[-1]))))


def from_data(data: dict) -> Table | None:
    """The table a file's data holds; None for a format this reader does not know."""
    if data.get("format") not in model.READABLE_FORMATS:
        return None
    return Table(data["jax_version"], data["derived"], data.get("operations", {}), data.get("collectives", {}),
                 data.get("unsatisfied", {}), tuple(data.get("outcomes", ())))
