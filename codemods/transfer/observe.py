"""Which calls the generator makes for one operation, and what it records of each.

For an operation with a known signature (its slots: "A" an array operand, "L" a list of two
arrays, ("py", value) a Python value) it plans cases: the operands' states on `i` (one state for
all; one operand apart; one reduced beside varying ones), keyword forms from the function's own
signature (axis=None, axis tuples, keepdims, dtype, ...), the operands' states on the other axes
`j` and `k`, lists of three arrays, and the other argument lists real code writes (Python numbers
in place of array operands, arrays or numbers in the positional parameters past the signature:
jnp.where(m, 0., r), jnp.clip(r, -c, c); `extra_signatures`). Every
case is traced on 2-D operands of the operation's dtype (the base observation). A case the
analysis would believe (the state of a result computed from a reduced operand, or JAX rejecting
a reduced operand beside a replicated one) is then run again on 1-D and 3-D operands, with a broadcast 1-D last operand,
with a tuple instead of a list and with the other dtypes; where any of these the call accepts
gives another outcome, the case is recorded as depending on them (so no lookup believes it); one
that holds on every rank and container but changes with the dtype also keeps the outcome of each
dtype kind that holds on every rank and container of its own (read only by a lookup that knows
every array operand is of that kind).
"""
from __future__ import annotations

import inspect
from itertools import combinations, combinations_with_replacement, product

import jax.numpy as jnp
import numpy as np

from codemods.jaxapi import ERR_REDUCED_WITH_REPLICATED
from codemods.transfer import model
from codemods.transfer.runner import (
    DTYPES,
    OTHER_AXES,
    SHAPE,
    STATES,
    Runner,
    error_of,
    make_state,
    outcome_of,
    shaped,
    state_of,
)

NUMBER = 2.0
# Python numbers beside an array operand, per operand dtype: an int and a float behave apart
# (`r ** 2` is integer_pow, `r ** 2.0` is pow).
NUMBERS = {"float": (("float", NUMBER), ("int", 2)), "int": (("int", 2),), "bool": ()}

# Keyword forms tried when the function has every parameter they name; a form every state
# rejects (axis=1 of a 1-D result, dtype= of a comparison) is dropped from the table.
KEYWORD_VARIANTS = (
    {"axis": 0}, {"axis": 1}, {"axis": -1}, {"axis": None}, {"axis": (0, 1)},
    {"keepdims": True}, {"axis": 0, "keepdims": True}, {"axis": -1, "keepdims": True},
    {"axis": None, "keepdims": True}, {"axis": (0, 1), "keepdims": True},
    {"dtype": jnp.float32}, {"axis": -1, "dtype": jnp.float32},
    {"preferred_element_type": jnp.float32}, {"ddof": 1}, {"approximate": False},
)


def py_value(value):
    return ("py", value)


def array_count(slots) -> int:
    return sum({"A": 1, "L": 2, "L3": 3, "T": 2}.get(slot, 0) if isinstance(slot, str) else 0 for slot in slots)


def build_args(slots, arrays):
    """Arguments for `slots`, the array operands taken in order from `arrays`."""
    it = iter(arrays)
    args = []
    for slot in slots:
        if slot == "A":
            args.append(next(it))
        elif slot in ("L", "L3"):
            args.append([next(it) for _ in range(2 if slot == "L" else 3)])
        elif slot == "T":
            args.append((next(it), next(it)))
        else:
            args.append(slot[1])
    return args


def number_label(value) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return "int" if isinstance(value, int) else "float"


def layout(slots, states) -> str:
    """The labels part of a key: each array operand's state (arrays inside a list included),
    `float` / `int` for a Python number; other Python values (shapes, dtypes) have no label."""
    it = iter(states)
    labels = []
    for slot in slots:
        if isinstance(slot, str):
            labels += [next(it) for _ in range(array_count((slot,)))]
        elif number_label(slot[1]) is not None:
            labels.append(number_label(slot[1]))
    return ",".join(labels)


def array_layouts(count: int) -> list[list[str]]:
    """The operand states tried for `count` array operands: all in one state; and one operand
    varying, reduced or unreduced with the others invariant; and one reduced, the others varying."""
    layouts = [[state] * count for state in STATES]
    if count >= 2:
        for position in range(count):
            for state in (model.VARYING, model.REDUCED, model.UNREDUCED):
                layouts.append([model.INVARIANT] * position + [state] + [model.INVARIANT] * (count - position - 1))
            layouts.append([model.VARYING] * position + [model.REDUCED] + [model.VARYING] * (count - position - 1))
    return layouts


def contexts(count: int, full: bool, reduced: bool = False) -> list[tuple[str, tuple[tuple[str, ...], ...]]]:
    """(key suffix, columns) for the other axes: per axis j, k a column of one state per array
    operand. With `full`, every column of invariant and varying states of up to two operands and
    every pair of columns; else (lists of three) only the columns in which every operand varies.
    With `reduced` (some operand reduced on i: the cases the analysis looks up), also the columns
    holding a reduced or unreduced state (with `full` every such column, else every operand
    reduced or every operand unreduced), alone, beside each column of the first kind, and in
    pairs of columns in which every operand is in one state."""
    if count == 0:
        return [("", ())]
    varying = tuple([model.VARYING] * count)
    if full and count <= 2:
        columns = [c for c in product((model.VARYING, model.INVARIANT), repeat=count) if model.VARYING in c]
    else:
        columns = [varying]
    found = [()] + [(column,) for column in columns] + list(combinations_with_replacement(columns, 2))
    if reduced:
        uniform = [tuple([state] * count) for state in (model.REDUCED, model.UNREDUCED)]
        if full and count <= 2:
            rich = [c for c in product(STATES, repeat=count) if model.REDUCED in c or model.UNREDUCED in c]
        else:
            rich = uniform
        found += [(column,) for column in rich] + [(plain, column) for plain in columns for column in rich]
        found += list(combinations_with_replacement(uniform, 2))
    return [(model.context_suffix(chosen), chosen) for chosen in found]


def keyword_label(value) -> str:
    """A keyword's value as keys spell it; a dtype (`jnp.float32`, a type) by its name."""
    return np.dtype(value).name if isinstance(value, type) else model.value_label(value)


def keyword_key(keywords: dict) -> str:
    return model.keyword_suffix({name: keyword_label(value) for name, value in keywords.items()})


def parameters_of(call) -> list[str]:
    try:
        return list(inspect.signature(call).parameters)
    except (TypeError, ValueError):
        return []


def keyword_variants_for(call) -> list[dict]:
    parameters = set(parameters_of(call))
    return [keywords for keywords in KEYWORD_VARIANTS if set(keywords) <= parameters]


def positional_names(call) -> list[str]:
    """The names of the parameters a positional argument binds, in order (for the table: the
    analysis spells `x.sum(0)` as `x.sum(axis=0)`, which Python makes the same call)."""
    try:
        parameters = inspect.signature(call).parameters.values()
    except (TypeError, ValueError):
        return []
    names = []
    for parameter in parameters:
        if parameter.kind not in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD):
            break
        names.append(parameter.name)
    return names


def free_positions(slots, call) -> int:
    """How many positional parameters follow the observed signature before one the generator
    tries as a keyword (jnp.clip(arr, min, max) observed as clip(x): two, min and max)."""
    names = positional_names(call)[len(slots):]
    count = 0
    for name in names:
        if name in model.KEYWORD_PARAMETERS:
            break
        count += 1
    return count


def extra_signatures(slots, call, number) -> list[tuple]:
    """The argument lists real code writes beside `slots`, each kept only if the call accepts it
    on invariant operands: `number` in place of any non-empty set of the plain array operands but
    one array at least (jnp.where(m, 0., x), jnp.minimum(1., x)); and, up to two positional
    parameters past the signature, each filled with an array or `number` (jnp.clip(x, -c, c),
    jnp.clip(x, lo, hi), jnp.clip(x, lo, 1.)). None of them when `slots` already takes a number."""
    if any(not isinstance(slot, str) and number_label(slot[1]) is not None for slot in slots):
        return []
    found = []
    plain = [index for index, slot in enumerate(slots) if slot == "A"]
    for size in range(1, len(plain) + 1):
        for chosen in combinations(plain, size):
            signature = tuple(py_value(number) if index in chosen else slot for index, slot in enumerate(slots))
            if array_count(signature):
                found.append(signature)
    if plain:
        for extra in range(1, min(free_positions(slots, call), 2) + 1):
            for filled in product(("A", py_value(number)), repeat=extra):
                found.append(tuple(slots) + filled)
    return list(dict.fromkeys(found))


class Case:
    """One planned call: its key, signature, operand states on i, keywords, other-axes columns."""
    __slots__ = ("key", "slots", "states", "keywords", "columns")

    def __init__(self, key, slots, states, keywords, columns):
        self.key, self.slots, self.states, self.keywords, self.columns = key, slots, states, keywords, columns

    def operand_states(self, position: int) -> dict[str, str]:
        states = {"i": self.states[position]}
        for axis, column in zip(OTHER_AXES, self.columns):
            states[axis] = column[position]
        return states

    def others(self) -> dict[str, str]:
        """The state the analysis assumes on j and k: varying where some array operand varies,
        else invariant where every operand is. An axis on which an operand is reduced is looked up
        as a case of its own (the axes are interchangeable), and one with unreduced operands and
        no varying one is unknown to the analysis: neither is checked here."""
        expected = {}
        for index, axis in enumerate(OTHER_AXES):
            column = self.columns[index] if index < len(self.columns) else ()
            if model.REDUCED in column:
                continue
            if model.VARYING in column:
                expected[axis] = model.VARYING
            elif model.UNREDUCED not in column:
                expected[axis] = model.INVARIANT
        return expected

    def invariant(self) -> Case:
        count = len(self.states)
        return Case("", self.slots, [model.INVARIANT] * count, self.keywords, ())


def plan(slots, call, kind: str) -> list[Case]:
    """Every case of an operation with signature `slots` (numbers are planned by `observe`)."""
    cases = []
    signatures = [slots] + ([tuple("L3" if s == "L" else s for s in slots)] if "L" in slots else [])
    for keywords in [{}] + keyword_variants_for(call):
        for signature in signatures:
            count = array_count(signature)
            full = signature is slots
            for states in array_layouts(count):
                base = layout(signature, states) + keyword_key(keywords)
                for suffix, columns in contexts(count, full, model.REDUCED in states):
                    cases.append(Case(base + suffix, signature, states, keywords, columns))
    return cases


def _operands(x, case: Case, shapes, kind: str, made: dict):
    arrays = []
    for position in range(len(case.states)):
        states = case.operand_states(position)
        shape = shapes[position]
        cache = (shape, kind, tuple(sorted(states.items())))
        if cache not in made:
            operand = make_state(shaped(x, shape, kind), states)
            if any(state_of(operand, axis) != state for axis, state in states.items()):
                raise ValueError(f"this JAX builds no operand in {states}")
            made[cache] = operand
        arrays.append(made[cache])
    return arrays


def run_case(call, case: Case, x, shapes, kind: str, made: dict, slots=None) -> dict:
    try:
        arrays = _operands(x, case, shapes, kind, made)
    except Exception:  # noqa: BLE001 -- this JAX cannot build these operands: no case
        return {}
    try:
        result = call(*build_args(slots or case.slots, arrays), **case.keywords)
    except Exception as error:  # noqa: BLE001 -- JAX's error is the observation
        return error_of(error)
    return outcome_of(result, "i", case.others())


def observe(runner: Runner, call, slots, kind: str) -> dict:
    """Every case of `call` with signature `slots`: traced, then lowered where the result stays
    reduced, then confirmed on other ranks and dtypes."""
    outcomes: dict[str, dict] = {}
    cases = plan(slots, call, kind)
    planned = {case.key: case for case in cases}

    def body(x):
        made: dict = {}
        for case in cases:
            outcome = run_case(call, case, x, [SHAPE] * len(case.states), kind, made)
            if outcome:
                outcomes[case.key] = outcome
        # Not one set of signatures: py_value(2.0) == py_value(2), and the two are labelled apart.
        extras = [signature for _, number in NUMBERS[kind] for signature in extra_signatures(slots, call, number)]
        for signature in extras:
            # Another argument list the operation takes (jnp.maximum(r, 2.), jnp.clip(r, -c, c),
            # jnp.where(m, 0., r)): accepted on invariant operands first.
            count = array_count(signature)
            try:
                call(*build_args(signature, [shaped(x, SHAPE, kind)] * count))
            except Exception:  # noqa: BLE001 -- no such signature: no case
                continue
            for states in array_layouts(count):
                for suffix, columns in contexts(count, True, model.REDUCED in states):
                    case = Case(layout(signature, states) + suffix, signature, states, {}, columns)
                    if case.key in planned:
                        continue  # the primary signature spells it alike: observed there
                    planned[case.key] = case
                    outcome = run_case(call, case, x, [SHAPE] * count, kind, made)
                    if outcome:
                        outcomes[case.key] = outcome
    runner.trace(body)
    _drop_rejected_keyword_forms(outcomes, planned)
    _check_lowering(runner, call, kind, outcomes, planned)
    confirm(runner, call, slots, kind, outcomes, planned)
    return outcomes


def _drop_rejected_keyword_forms(outcomes: dict, planned: dict) -> None:
    """A keyword form the call rejects with every operand invariant says nothing about states."""
    rejected = {key.split("|", 1)[1] for key, outcome in outcomes.items()
                if "|" in key and "@" not in key and "error" in outcome
                and set(key.split("|", 1)[0].split(",")) <= {model.INVARIANT}}
    for key in [key for key in outcomes if "|" in key and model.split_key(key)[0].split("|", 1)[1] in rejected]:
        del outcomes[key]


def _lowering_call(call, case: Case, kind: str, shapes, slots=None):
    def compute(x):
        return call(*build_args(slots or case.slots, _operands(x, case, shapes, kind, {})), **case.keywords)
    return compute


def _check_lowering(runner: Runner, call, kind: str, outcomes: dict, planned: dict) -> None:
    """Some rules fail only when JAX lowers the program (jnp.sort's comparator is traced then): a
    result the analysis would keep reduced is lowered before it is believed; all of an operation's
    such cases in one program, one by one only when that fails."""
    kept = [key for key, outcome in outcomes.items() if outcome.get("state") == model.REDUCED]
    if not kept:
        return
    computations = {key: _lowering_call(call, planned[key], kind, [SHAPE] * len(planned[key].states)) for key in kept}
    outcomes.update(lowering_failures(runner, computations))


def lowering_failures(runner: Runner, computations: dict) -> dict:
    """The keys whose program fails when lowered, with the error: all in one program first, then
    halves of a failing group, so that a few failures among many cases cost few lowerings."""
    if not computations:
        return {}
    failure = runner.lowering_error(list(computations.values()))
    if failure is None:
        return {}
    if len(computations) == 1:
        return {next(iter(computations)): failure}
    keys = list(computations)
    half = len(keys) // 2
    found = lowering_failures(runner, {key: computations[key] for key in keys[:half]})
    found.update(lowering_failures(runner, {key: computations[key] for key in keys[half:]}))
    return found


def believed(outcome: dict, key: str) -> bool:
    """An outcome the analysis acts on: the state of a result computed from a reduced operand
    (kept, or dropped to invariant or varying), or the replicated-operand error."""
    reduced = model.REDUCED in model.split_key(key)[0].split("|")[0].split(",")
    return (reduced and "state" in outcome) or (
        "error" in outcome and outcome.get("message", "").startswith(ERR_REDUCED_WITH_REPLICATED))


def variants(slots, count: int, kind: str) -> list[tuple[str, object, str, object]]:
    """(name, shapes per operand, dtype, slots) of the confirmation runs."""
    found = [("1-D", lambda n: [(4,)] * n, kind, None), ("3-D", lambda n: [(2, 4, 4)] * n, kind, None)]
    if count >= 2:
        found.append(("broadcast", lambda n: [SHAPE] * (n - 1) + [(4,)], kind, None))
    if "L" in slots:
        found.append(("tuple", lambda n: [SHAPE] * n, kind, "T"))
    found += [(other, lambda n: [SHAPE] * n, other, None) for other in DTYPES if other != kind]
    return found


def confirm(runner: Runner, call, slots, kind: str, outcomes: dict, planned: dict) -> None:
    """Run the believed cases again in each variant; a case whose outcome changes (or that fails
    when lowered there) depends on rank, dtype or container, and is no longer believed. A case
    that holds on every rank and container of its own dtype but changes with the dtype keeps, as
    `dtypes`, the outcome of each dtype kind that holds on every rank and container of that kind
    (model.DTYPES): a reader that knows every array operand's kind reads that one."""
    keys = [key for key, outcome in outcomes.items() if believed(outcome, key)]
    # The other argument lists may take more arrays than `slots` (jnp.clip(x, lo, hi) beside clip(x)).
    count = max([array_count(slots)] + [len(planned[key].states) for key in keys])
    found = variants(slots, count, kind) if keys else []
    for name, shapes_for, dtype, swap in [variant for variant in found if variant[2] == kind]:
        for key, outcome in _seen_in(runner, call, keys, planned, shapes_for, dtype, swap).items():
            if outcome and model.gist(outcome) != model.gist(outcomes[key]) and believed(outcomes[key], key):
                outcomes[key] = _depends(name, outcome)
    keys = [key for key in keys if believed(outcomes[key], key)]
    by_dtype = {key: {kind: outcomes[key]} for key in keys}
    changed: dict[str, dict] = {}
    for name, shapes_for, dtype, swap in [variant for variant in found if variant[2] != kind]:
        for key, outcome in _seen_in(runner, call, keys, planned, shapes_for, dtype, swap).items():
            if not outcome:
                continue
            if "state" in outcome or "error" in outcome:
                by_dtype[key][dtype] = outcome
            if model.gist(outcome) != model.gist(outcomes[key]) and key not in changed:
                changed[key] = _depends(name, outcome)
    for other in DTYPES:
        dependent = [key for key in changed if other != kind and other in by_dtype[key]]
        for name, shapes_for, dtype, swap in [variant for variant in variants(slots, count, other) if variant[2] == other] \
                if dependent else ():
            for key, outcome in _seen_in(runner, call, dependent, planned, shapes_for, dtype, swap).items():
                if outcome and other in by_dtype[key] and model.gist(outcome) != model.gist(by_dtype[key][other]):
                    del by_dtype[key][other]  # (this kind's outcome depends on rank or container too)
    for key, depends in changed.items():
        outcomes[key] = {**depends, model.DTYPE_OUTCOMES: by_dtype[key]}


def _depends(name: str, outcome: dict) -> dict:
    return {"result": "depends", "variant": name, "saw": list(model.gist(outcome))}


def _seen_in(runner: Runner, call, keys: list, planned: dict, shapes_for, dtype: str, swap) -> dict[str, dict]:
    """The outcome of each case of `keys` in one variant (shapes, dtype, container), lowered
    where it stays reduced; a case whose form the call rejects there on invariant operands is
    left out (not applicable)."""
    seen: dict[str, dict] = {}

    def swapped(case):
        return tuple(swap if s == "L" else s for s in case.slots) if swap else None

    def body(x):
        made: dict = {}
        applicable: dict = {}
        for key in keys:
            case = planned[key]
            shapes = shapes_for(len(case.states))
            form = (case.slots, tuple(sorted(case.keywords.items(), key=str)))
            if form not in applicable:
                tried = run_case(call, case.invariant(), x, shapes, dtype, made, swapped(case))
                applicable[form] = bool(tried) and "error" not in tried
            if applicable[form]:
                seen[key] = run_case(call, case, x, shapes, dtype, made, swapped(case))
    try:
        runner.trace(body)
    except Exception:  # noqa: BLE001 -- this variant cannot be traced at all: nothing confirmed
        seen = {key: {"result": "untraceable"} for key in keys}
    kept = [key for key, outcome in seen.items() if outcome.get("state") == model.REDUCED]
    computations = {key: _lowering_call(call, planned[key], dtype, shapes_for(len(planned[key].states)),
                                        swapped(planned[key])) for key in kept}
    seen.update(lowering_failures(runner, computations))
    return seen


def observe_number(runner: Runner, call, kind: str) -> dict:
    """A binary operator with a Python number on either side (r * 2, 2 * r), lowered and
    confirmed like the other cases."""
    outcomes: dict[str, dict] = {}
    planned: dict[str, Case] = {}
    for label, number in NUMBERS[kind]:
        for slots in (("A", py_value(number)), (py_value(number), "A")):
            for state in STATES:
                for suffix, columns in contexts(1, True, state == model.REDUCED):
                    case = Case(layout(slots, [state]) + suffix, slots, [state], {}, columns)
                    planned[case.key] = case

    def body(x):
        made: dict = {}
        for case in planned.values():
            outcome = run_case(call, case, x, [SHAPE], kind, made)
            if outcome:
                outcomes[case.key] = outcome
    runner.trace(body)
    _check_lowering(runner, call, kind, outcomes, planned)
    confirm(runner, call, ("A",), kind, outcomes, planned)
    return outcomes
