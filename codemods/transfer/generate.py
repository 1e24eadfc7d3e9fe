"""Derive JAX's transfer table by running JAX: `python -m codemods.transfer.generate --out FILE`.

Run by hand (or in a benchmark job) once per JAX version, never at check time: it imports JAX
on 8 simulated CPU devices and, inside one `shard_map` trace per operation, calls every public
function of the covered namespaces, every array method and every Python operator with operands
in each per-axis state, then records what JAX did: the output's state on the axis, or the
error's class and message. Nothing in the table is typed by hand: an operation whose signature
no candidate argument list satisfies is listed under "unsatisfied" instead of guessed.
"""
from __future__ import annotations

import argparse
import datetime
import functools
import inspect
import json
import operator
import os
import sys
import types

# JAX's messages print sets of axis names: a fixed hash seed makes two runs write the same table.
if __name__ == "__main__" and os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, "-m", "codemods.transfer.generate", *sys.argv[1:]])

# Before JAX initialises its backend.
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

from codemods.transfer import model  # noqa: E402

AXES = ("i", "j")
MESH_SHAPE = (2, 4)
SHAPE = (4, 4)
NUMBER = 2.0
# Python numbers beside an array operand, per operand dtype: an int and a float behave apart
# (`r ** 2` is integer_pow, `r ** 2.0` is pow).
NUMBERS = {"float": (("float", NUMBER), ("int", 2)), "int": (("int", 2),), "bool": ()}

NAMESPACES = {
    "jax.numpy": jnp,
    "jax.numpy.linalg": jnp.linalg,
    "jax.nn": jax.nn,
    "jax.lax": jax.lax,
}
# Collectives, control flow that calls user functions and axis queries are not transfer rules
# of an array operation; the collectives get their own section.
LAX_SKIPPED = frozenset({
    "psum", "pmean", "pmax", "pmin", "psum_scatter", "all_gather", "ppermute", "all_to_all", "pcast", "pvary",
    "pbroadcast", "pshuffle", "psend", "precv", "pswapaxes", "ragged_all_to_all", "psum_invariant", "axis_index",
    "axis_size", "cond", "switch", "scan", "fori_loop", "while_loop", "map", "associative_scan", "custom_root",
    "custom_linear_solve", "platform_dependent", "with_sharding_constraint", "stop_gradient", "all_gather_invariant",
    "preduced", "all_gather_reduced", "pdot", "psum2", "optimization_barrier", "infeed", "outfeed",
})
NUMPY_SKIPPED = frozenset({"vectorize", "piecewise", "frompyfunc", "apply_along_axis", "apply_over_axes", "load",
                           "save", "savez", "fromfile", "fromiter", "printoptions", "set_printoptions", "get_printoptions",
                           "from_dlpack", "fromfunction", "fromstring", "frombuffer", "array_str", "array_repr"})

BINARY_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "lshift", "rshift", "and_",
                    "or_", "xor", "eq", "ne", "lt", "le", "gt", "ge")
UNARY_OPERATORS = ("neg", "pos", "abs", "invert")


def _scipy_special():
    try:
        import jax.scipy.special as special
    except ImportError:
        return None
    return special


def state_of(value, axis: str) -> str | None:
    """The state of a traced array on `axis`, read from its type (None: not an array)."""
    aval = jax.typeof(value) if hasattr(jax, "typeof") else jax.core.get_aval(value)
    mat = getattr(aval, "mat", None)
    if mat is not None:
        varying, reduced, unreduced = mat.varying, mat.reduced, mat.unreduced
    else:
        if not hasattr(aval, "shape"):
            return None
        varying = getattr(aval, "vma", frozenset())
        spec = getattr(getattr(aval, "sharding", None), "spec", None)
        reduced = getattr(spec, "reduced", frozenset()) or frozenset()
        unreduced = getattr(spec, "unreduced", frozenset()) or frozenset()
    if axis in varying:
        return model.VARYING
    if axis in reduced:
        return model.REDUCED
    if axis in unreduced:
        return model.UNREDUCED
    return model.INVARIANT


def outcome_of(result, axis: str) -> dict:
    leaves = [leaf for leaf in jax.tree_util.tree_leaves(result) if hasattr(leaf, "shape")]
    states = set()
    for leaf in leaves:
        try:
            states.add(state_of(leaf, axis))
        except TypeError:  # a concrete (non-traced) result: computed from constants only
            states.add(model.INVARIANT)
    states.discard(None)
    if not states:
        return {"result": "no-array"}
    if len(states) > 1:
        return {"result": "mixed", "leaves": sorted(states)}
    return {"state": states.pop()}


def error_of(error: BaseException) -> dict:
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return {"error": type(error).__name__, "message": message[:300]}


def _cast(x, axes, to):
    return jax.lax.pcast(x, axes, to=to)


def make_state(x, states: dict[str, str]):
    """`x` (invariant everywhere) cast so that it is in `states[axis]` on each axis; the last axis
    first (jax 0.8.2 cannot cast a value reduced on one axis to varying on another)."""
    for axis, state in reversed(list(states.items())):
        if state == model.VARYING:
            x = _cast(x, axis, "varying")
        elif state == model.REDUCED:
            x = _cast(x, axis, "reduced")
        elif state == model.UNREDUCED:
            x = _cast(_cast(x, axis, "varying"), axis, "unreduced")
    return x


class Runner:
    """Traces bodies inside shard_map on the 8-device mesh; every call is wrapped in try/except."""

    def __init__(self) -> None:
        self.mesh = jax.make_mesh(MESH_SHAPE, AXES)
        self.x = {
            "float": jnp.ones(SHAPE, jnp.float32),
            "int": jnp.ones(SHAPE, jnp.int32),
            "bool": jnp.ones(SHAPE, jnp.bool_),
        }

    def lowering_error(self, compute, kind: str, other: str) -> dict | None:
        """JAX's error when the program computing `compute(x)` (a result reduced on 'i', in state
        `other` on 'j') is lowered; None when it lowers. The result is cast to varying and summed
        over the mesh, so that the program has a plain output."""
        axes = ("i", "j") if other == model.VARYING else "i"

        def wrapped(x):
            total = jnp.zeros((), jnp.float32)
            for leaf in jax.tree_util.tree_leaves(compute(x)):
                if hasattr(leaf, "shape"):
                    varying = jax.lax.pcast(leaf, "i", to="varying")
                    total = total + jax.lax.psum(jnp.sum(varying.astype(jnp.float32)), axes)
            return total
        mapped = jax.shard_map(wrapped, mesh=self.mesh, in_specs=P(), out_specs=P())
        try:
            jax.jit(mapped).lower(self.x[kind])
        except Exception as error:  # noqa: BLE001 -- the observation
            return {**error_of(error), "stage": "lowering"}
        return None

    def trace(self, body, kind: str = "float") -> None:
        """Trace `body(x)` once; `body` records its findings itself (the trace's own result is unused)."""
        def wrapped(x):
            body(x)
            return x
        mapped = jax.shard_map(wrapped, mesh=self.mesh, in_specs=P(), out_specs=P())
        jax.make_jaxpr(mapped)(self.x[kind])


# An argument list is a tuple of slots: "A" an array operand, "L" a list of two arrays, a Python
# value otherwise (stored as ("py", value)). Tried in order; the first that runs on invariant
# operands is the operation's signature.
def _py(value):
    return ("py", value)


CANDIDATES = [
    ("A",), ("A", "A"), ("L",), ("A", "A", "A"), ("A", _py(0)), ("A", _py(NUMBER)), ("A", _py((1, 0))),
    ("A", _py(1), _py(0)), ("A", _py(SHAPE)), ("A", _py((0,))), ("A", "A", _py(0)), ("A", _py(jnp.float32)),
    ("A", "A", _py((((1,), (0,)), ((), ())))), ("A", _py(0), _py(1), _py(1)), ("A", _py(1)), ("A", "A", _py(1)),
    ("A", _py("ij")), (_py("ij,jk->ik"), "A", "A"), (_py(SHAPE),), (_py(4),), ("A", _py(None)),
]
DTYPES = ("float", "int", "bool")


def build_args(slots, arrays):
    """Arguments for `slots`, the array operands taken in order from `arrays`."""
    it = iter(arrays)
    args = []
    for slot in slots:
        if slot == "A":
            args.append(next(it))
        elif slot == "L":
            args.append([next(it), next(it)])
        else:
            args.append(slot[1])
    return args


def array_count(slots) -> int:
    return sum(1 if slot == "A" else 2 if slot == "L" else 0 for slot in slots)


def number_signature(slots, number):
    """`slots` with its last plain array operand replaced by `number` (appended to a one-operand
    signature); None when the signature already takes a number or has no plain array operand."""
    if any(slot not in ("A", "L") and isinstance(slot[1], (int, float)) and not isinstance(slot[1], bool)
           for slot in slots):
        return None
    plain = [index for index, slot in enumerate(slots) if slot == "A"]
    if not plain:
        return None
    if array_count(slots) == 1:
        return tuple(slots) + (_py(number),)
    position = plain[-1]
    return tuple(slots[:position]) + (_py(number),) + tuple(slots[position + 1:])


STATES = (model.VARYING, model.INVARIANT, model.REDUCED, model.UNREDUCED)


def number_label(value) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return "int" if isinstance(value, int) else "float"


def layout(slots, states) -> str:
    """A case's key: the label of each positional operand in order (arrays inside a list
    included): the array's state, or `float` / `int` for a Python number; other Python values
    (strings, shapes, dtypes) are no operands and have no label."""
    it = iter(states)
    labels = []
    for slot in slots:
        if slot == "A":
            labels.append(next(it))
        elif slot == "L":
            labels += [next(it), next(it)]
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


def cases_for(slots) -> list[tuple[str, list[str]]]:
    """(case key, state of each array operand) for an operation with signature `slots`."""
    return [(layout(slots, states), states) for states in array_layouts(array_count(slots))]


# Keyword arguments tried when the function has the parameter (`jnp.sum(r, axis=0)`); a case
# key then ends in `|axis=0`. Other keywords are not observed: a call using them is unknown.
KEYWORD_VARIANTS = ({"axis": 0}, {"axis": 1}, {"axis": -1})


def keyword_variants_for(call) -> list[dict]:
    try:
        parameters = inspect.signature(call).parameters
    except (TypeError, ValueError):
        return []
    return [keywords for keywords in KEYWORD_VARIANTS if set(keywords) <= set(parameters)]


# The state every array operand has on the other axis 'j': a case key for operands that also
# vary on 'j' ends in CONTEXT_SUFFIX (JAX inserts casts there, which can fail: jnp.sort(r, axis=0)
# keeps r's state when r is invariant on 'j' and raises when r varies on 'j').
CONTEXTS = ((model.INVARIANT, ""), (model.VARYING, model.CONTEXT_SUFFIX))


def observe(runner: Runner, call, slots, kind: str) -> dict:
    """Every case of `call` with signature `slots`, in one trace."""
    outcomes: dict[str, dict] = {}
    keyword_variants = [{}] + keyword_variants_for(call)
    replays: dict[str, tuple] = {}

    def attempt(x, key, slots_used, states, keywords, other):
        replays[key] = (slots_used, states, keywords, other)
        try:
            made = {state: make_state(x, {"i": state, "j": other}) for state in set(states)}
        except Exception:  # noqa: BLE001 -- this JAX cannot build these operands: no case
            return
        try:
            result = call(*build_args(slots_used, [made[s] for s in states]), **keywords)
            outcomes[key] = outcome_of(result, "i")
        except Exception as error:  # noqa: BLE001 -- JAX's error is the observation
            outcomes[key] = error_of(error)

    def body(x):
        for other, context in CONTEXTS:
            try:
                made = {state: make_state(x, {"i": state, "j": other}) for state in STATES}
            except Exception:  # noqa: BLE001 -- this JAX cannot build these operands: no case
                continue
            for key, states in cases_for(slots):
                for keywords in keyword_variants:
                    # A keyword can change the outcome too: a key then ends in `|axis=0`.
                    suffix = "".join(f"|{name}={value!r}" for name, value in sorted(keywords.items()))
                    attempt(x, key + suffix + context, slots, states, keywords, other)
            for label, number in NUMBERS[kind]:
                # The same operation with a Python number as its last operand, when it takes one
                # (jnp.maximum(r, 2.), r * 2): accepted on an invariant operand first.
                with_number = number_signature(slots, number)
                if with_number is None or array_count(with_number) == 0:
                    continue
                try:
                    call(*build_args(with_number, [made[model.INVARIANT]] * array_count(with_number)))
                except Exception:  # noqa: BLE001 -- no such signature: no case
                    continue
                for key, states in cases_for(with_number):
                    attempt(x, key + context, with_number, states, {}, other)
    runner.trace(body, kind)
    for key, (slots_used, states, keywords, other) in replays.items():
        if outcomes.get(key, {}).get("state") == model.REDUCED:
            # Some rules fail only when JAX lowers the program (jnp.sort's comparator is traced
            # then): a result the analysis would keep reduced is lowered before it is believed.
            failure = runner.lowering_error(
                lambda x, _s=slots_used, _st=states, _k=keywords, _o=other: call(
                    *build_args(_s, [make_state(x, {"i": state, "j": _o}) for state in _st]), **_k),
                kind, other)
            if failure is not None:
                outcomes[key] = failure
    return outcomes


# The first parameter's name says which candidates come first: a sequence of arrays is passed
# as a list (jnp.concatenate([a, b]), not the rows of one array), a subscript string as text.
PREFERRED = {
    "arrays": [("L",), ("L", _py(0))], "tup": [("L",)], "xs": [("L",)],
    "subscripts": [(_py("ij,jk->ik"), "A", "A")], "condition": [("A", "A", "A")],
}


def candidates_for(call) -> list:
    try:
        first = next(iter(inspect.signature(call).parameters), None)
    except (TypeError, ValueError):
        first = None
    preferred = PREFERRED.get(first, [])
    return preferred + [slots for slots in CANDIDATES if slots not in preferred]


def find_signature(runner: Runner, call):
    """The first candidate argument list (and dtype) `call` accepts on invariant operands."""
    found = {}
    candidates = candidates_for(call)

    def body_for(kind):
        def body(x):
            for slots in candidates:
                try:
                    args = build_args(slots, [x] * array_count(slots))
                    result = call(*args)
                except Exception:  # noqa: BLE001 -- not this signature
                    continue
                if any(hasattr(leaf, "shape") for leaf in jax.tree_util.tree_leaves(result)):
                    found["slots"] = slots
                    return
        return body

    for kind in DTYPES:
        try:
            runner.trace(body_for(kind), kind)
        except Exception:  # noqa: BLE001
            continue
        if "slots" in found:
            return found["slots"], kind
    return None, None


def slots_json(slots) -> list:
    return [slot if slot in ("A", "L") else repr(slot[1]) for slot in slots]


def public_functions(module, skipped=frozenset()):
    for name in sorted(dir(module)):
        if name.startswith("_") or name in skipped:
            continue
        obj = getattr(module, name, None)
        if isinstance(obj, types.ModuleType) or inspect.isclass(obj) or not callable(obj):
            continue
        if isinstance(obj, (jnp.dtype, type)) or name[0].isupper():
            continue
        yield name, obj


def catalogue() -> dict[str, tuple]:
    """Every operation the table covers: name -> (call, fixed signature or None, number cases)."""
    found: dict[str, tuple] = {}
    namespaces = dict(NAMESPACES)
    special = _scipy_special()
    if special is not None:
        namespaces["jax.scipy.special"] = special
    for prefix, module in namespaces.items():
        skipped = LAX_SKIPPED if prefix == "jax.lax" else NUMPY_SKIPPED if prefix.startswith("jax.numpy") else frozenset()
        for name, func in public_functions(module, skipped):
            found[f"{prefix}.{name}"] = (func, None, False)
    for name in sorted(dir(jax.Array)):
        if name.startswith("_"):
            continue
        attribute = inspect.getattr_static(jax.Array, name, None)
        if isinstance(attribute, property) or name in ("T", "mT", "real", "imag"):
            found[f"attribute:{name}"] = (lambda x, _n=name: getattr(x, _n), ("A",), False)
        elif callable(attribute) and name not in ARRAY_METHODS_SKIPPED:
            method = functools.partial(_call_method, name)
            method.__wrapped__ = attribute  # so that the keywords tried are the method's own (axis=)
            found[f"method:{name}"] = (method, None, False)
    for name in BINARY_OPERATORS:
        found[f"operator:{name.rstrip('_')}"] = (getattr(operator, name), ("A", "A"), True)
    for name in UNARY_OPERATORS:
        found[f"operator:{name}"] = (getattr(operator, name), ("A",), False)
    found["operator:getitem"] = (lambda x: x[0], ("A",), False)
    found["operator:getitem_array"] = (lambda x, y: x[y.astype(jnp.int32)], ("A", "A"), False)
    return found


def _call_method(name, x, *rest, **keywords):
    return getattr(x, name)(*rest, **keywords)


# Methods that leave the traced world (host transfers, buffers): no transfer rule to observe.
ARRAY_METHODS_SKIPPED = frozenset({"block_until_ready", "copy_to_host_async", "addressable_data", "tolist", "item",
                                   "tobytes", "to_device", "delete", "on_device_size_in_bytes"})


def derive_operations(runner: Runner, entries: dict, unsatisfied: dict, names=None) -> None:
    """Record every operation of the catalogue (or only `names`)."""
    for name, (call, fixed, number) in catalogue().items():
        if names is None or name in names:
            record(runner, name, call, entries, unsatisfied, fixed=fixed, number=number)


def record(runner: Runner, name: str, call, entries: dict, unsatisfied: dict, fixed=None, number=False) -> None:
    if fixed is not None:
        slots, kind = fixed, None
        for candidate in DTYPES:
            probe = {}

            def body(x, _probe=probe):
                try:
                    call(*build_args(fixed, [x] * array_count(fixed)))
                    _probe["ok"] = True
                except Exception:  # noqa: BLE001
                    pass
            try:
                runner.trace(body, candidate)
            except Exception:  # noqa: BLE001
                continue
            if probe:
                kind = candidate
                break
    else:
        slots, kind = find_signature(runner, call)
    if slots is None or kind is None:
        unsatisfied[name] = "no candidate argument list is accepted on invariant operands"
        return
    try:
        cases = observe(runner, call, slots, kind)
        if number:
            cases.update(observe_number(runner, call, kind))
    except Exception as error:  # noqa: BLE001 -- the trace itself broke: listed, not guessed
        unsatisfied[name] = f"trace failed: {error_of(error)['message']}"
        return
    entries[name] = {"args": slots_json(slots), "dtype": kind, "cases": cases}


def observe_number(runner: Runner, call, kind: str) -> dict:
    """A binary operator with a Python number on either side (r * 2, 2 * r)."""
    outcomes: dict[str, dict] = {}

    def body(x):
        for (other, context), state in ((context, state) for context in CONTEXTS for state in STATES):
            try:
                value = make_state(x, {"i": state, "j": other})
            except Exception:  # noqa: BLE001 -- this JAX cannot build the operand: no case
                continue
            for label, number in NUMBERS[kind]:
                for key, args in ((f"{state},{label}{context}", (value, number)),
                                  (f"{label},{state}{context}", (number, value))):
                    try:
                        outcomes[key] = outcome_of(call(*args), "i")
                    except Exception as error:  # noqa: BLE001
                        outcomes[key] = error_of(error)
    runner.trace(body, kind)
    return outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("--only", nargs="*", help="derive only these entry names (for tests)")
    options = parser.parse_args(argv)
    runner = Runner()
    entries: dict[str, dict] = {}
    unsatisfied: dict[str, str] = {}
    if options.only:
        derive_operations(runner, entries, unsatisfied, set(options.only))
        collectives = {}
    else:
        derive_operations(runner, entries, unsatisfied)
        from codemods.transfer.collectives import derive_collectives  # it builds on this module

        collectives = derive_collectives(runner)
    table = {
        "format": model.FORMAT,
        "jax_version": jax.__version__,
        "derived": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
        "mesh": {axis: size for axis, size in zip(AXES, MESH_SHAPE)},
        "number": NUMBER,
        "operations": entries,
        "collectives": collectives,
        "unsatisfied": unsatisfied,
    }
    with open(options.out, "w", encoding="utf-8") as handle:
        handle.write(dumps(table))
    print(f"jax {jax.__version__}: {len(entries)} operations, {len(collectives)} collectives, "
          f"{len(unsatisfied)} unsatisfied -> {options.out}", file=sys.stderr)
    return 0


def dumps(table: dict) -> str:
    """JSON with one entry per line, so that a diff between two versions shows entries."""
    lines = ["{"]
    keys = sorted(table)
    for position, key in enumerate(keys):
        value = table[key]
        comma = "," if position < len(keys) - 1 else ""
        if isinstance(value, dict) and value and all(isinstance(item, dict) for item in value.values()):
            lines.append(f" {json.dumps(key)}: {{")
            names = sorted(value)
            for index, name in enumerate(names):
                inner = "," if index < len(names) - 1 else ""
                lines.append(f"  {json.dumps(name)}: {json.dumps(value[name], sort_keys=True)}{inner}")
            lines.append(f" }}{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, sort_keys=True)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
