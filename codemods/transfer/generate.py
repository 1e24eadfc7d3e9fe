"""Derive JAX's transfer table by running JAX: `python -m codemods.transfer.generate --out FILE`.

Run by hand (or in a benchmark job) once per JAX version, never at check time: it imports JAX
on 8 simulated CPU devices and, inside `shard_map` traces, calls every public function of the
covered namespaces, every array method and every Python operator with operands in each per-axis
state (which cases: codemods/transfer/observe.py), then records what JAX did: the output's state
on the axis, or the error's class and message. Nothing in the table is typed by hand: an
operation whose signature no candidate argument list satisfies is listed under "unsatisfied"
instead of guessed. A shipped table: `--out codemods/transfer/data/transfer-X.Y.Z.json.gz`.
"""
from __future__ import annotations

import argparse
import datetime
import functools
import gzip
import inspect
import json
import operator
import os
import sys
import time
import types
import warnings

# JAX's messages print sets of axis names: a fixed hash seed makes two runs write the same table.
if __name__ == "__main__" and os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, "-m", "codemods.transfer.generate", *sys.argv[1:]])

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

from codemods.transfer import model  # noqa: E402
from codemods.transfer.observe import (  # noqa: E402
    NUMBER,
    array_count,
    build_args,
    observe,
    observe_number,
    positional_names,
    py_value,
)
from codemods.transfer.runner import (  # noqa: E402
    DTYPES,
    OPERATION_AXES,
    OPERATION_MESH,
    SHAPE,
    Runner,
    error_of,
    shaped,
)

NAMESPACES = {
    "jax.numpy": jnp,
    "jax.numpy.linalg": jnp.linalg,
    "jax.nn": jax.nn,
    "jax.lax": jax.lax,
    "jax.ops": jax.ops,
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


CANDIDATES = [
    ("A",), ("A", "A"), ("L",), ("A", "A", "A"), ("A", py_value(0)), ("A", py_value(NUMBER)), ("A", py_value((1, 0))),
    ("A", py_value(1), py_value(0)), ("A", py_value(SHAPE)), ("A", py_value((0,))), ("A", "A", py_value(0)), ("A", py_value(jnp.float32)),
    ("A", "A", py_value((((1,), (0,)), ((), ())))), ("A", py_value(0), py_value(1), py_value(1)), ("A", py_value(1)), ("A", "A", py_value(1)),
    ("A", py_value("ij")), (py_value("ij,jk->ik"), "A", "A"), (py_value(SHAPE),), (py_value(4),), ("A", py_value(None)),
    ("A", py_value((0, 0)), py_value((1, 1))), ("A", "A", py_value((0, 0))),
    ("A", "A", py_value(0), py_value(0)),  # (lax.dynamic_update_slice_in_dim(operand, update, start_index, axis))
]
# The first parameter's name says which candidates come first: a sequence of arrays is passed
# as a list (jnp.concatenate([a, b]), not the rows of one array), a subscript string as text.
PREFERRED = {
    "arrays": [("L",), ("L", py_value(0))], "tup": [("L",)], "xs": [("L",)],
    "subscripts": [(py_value("ij,jk->ik"), "A", "A")], "condition": [("A", "A", "A")],
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
                    args = build_args(slots, [shaped(x, SHAPE, kind)] * array_count(slots))
                    result = call(*args)
                except Exception:  # noqa: BLE001 -- not this signature
                    continue
                if any(hasattr(leaf, "shape") for leaf in jax.tree_util.tree_leaves(result)):
                    found["slots"] = slots
                    return
        return body

    for kind in DTYPES:
        try:
            runner.trace(body_for(kind))
        except Exception:  # noqa: BLE001
            continue
        if "slots" in found:
            return found["slots"], kind
    return None, None


def slots_json(slots) -> list:
    return [slot if isinstance(slot, str) else repr(slot[1]) for slot in slots]


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
    started = time.monotonic()
    for count, (name, (call, fixed, number)) in enumerate(catalogue().items(), 1):
        if names is None or name in names:
            record(runner, name, call, entries, unsatisfied, fixed=fixed, number=number)
        if count % 100 == 0 and names is None:
            print(f"{count} entries, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)


def record(runner: Runner, name: str, call, entries: dict, unsatisfied: dict, fixed=None, number=False) -> None:
    if fixed is not None:
        slots, kind = fixed, None
        for candidate in DTYPES:
            probe = {}

            def body(x, _probe=probe, _kind=candidate):
                try:
                    call(*build_args(fixed, [shaped(x, SHAPE, _kind)] * array_count(fixed)))
                    _probe["ok"] = True
                except Exception:  # noqa: BLE001
                    pass
            try:
                runner.trace(body)
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
        cases = observe_number(runner, call, kind) if number else {}
        cases.update(observe(runner, call, slots, kind))
    except Exception as error:  # noqa: BLE001 -- the trace itself broke: listed, not guessed
        unsatisfied[name] = f"trace failed: {error_of(error)['message']}"
        return
    entry = {"args": slots_json(slots), "dtype": kind, "params": positional_names(call), "cases": cases}
    letters = model.irrelevant_letters(cases)
    if letters:
        # A derived fact: no observed case changed with the other axes while their states were
        # among `letters`, so of those cases only the ones with every operand invariant there are
        # kept, and a lookup reads them for any such states there.
        entry[model.OTHER_AXES_IRRELEVANT] = True
        entry[model.OTHER_AXES_IRRELEVANT_STATES] = letters
        entry["cases"] = {key: outcome for key, outcome in cases.items()
                          if "@" not in key or not model.context_letters(key) <= set(letters)}
    entries[name] = entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="the JSON file to write (gzip-compressed when it ends in .gz)")
    parser.add_argument("--only", nargs="*", help="derive only these entry names (for tests)")
    parser.add_argument("--update", help="with --only: a table derived on this JAX whose entries of those names "
                                         "are derived again; the rest is copied")
    options = parser.parse_args(argv)
    # JAX's deprecation warnings for the argument lists tried (lists where arrays are due) are noise here.
    warnings.simplefilter("ignore", DeprecationWarning)
    started = time.monotonic()
    runner = Runner()
    entries: dict[str, dict] = {}
    unsatisfied: dict[str, str] = {}
    if options.only:
        derive_operations(runner, entries, unsatisfied, set(options.only))
        collectives = {}
    else:
        derive_operations(runner, entries, unsatisfied)
        from codemods.transfer.collectives import derive_collectives

        collectives = derive_collectives(runner)
    table = {
        "format": model.FORMAT,
        "jax_version": jax.__version__,
        "derived": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
        "mesh": {axis: size for axis, size in zip(OPERATION_AXES, OPERATION_MESH)},
        "number": NUMBER,
        "outcomes": model.intern_outcomes(entries),
        "operations": entries,
        "collectives": collectives,
        "unsatisfied": unsatisfied,
    }
    if options.update and options.only:
        table = updated(options.update, table, set(options.only))
    text = dumps(table).encode("utf-8")
    with open(options.out, "wb") as handle:
        # Shipped tables are gzip-compressed (codemods/transfer/data/transfer-X.Y.Z.json.gz).
        handle.write(gzip.compress(text, 9, mtime=0) if options.out.endswith(".gz") else text)
    print(f"jax {jax.__version__}: {len(entries)} operations, {len(collectives)} collectives, "
          f"{len(unsatisfied)} unsatisfied -> {options.out} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


def updated(path: str, fresh: dict, names: set[str]) -> dict:
    """The table at `path` with the entries `names` replaced by `fresh`'s (each entry is observed
    on its own, so this equals a whole run for them); the replaced names and the date are listed
    under "rederived" so that a reader can tell a partial run from a whole one."""
    from pathlib import Path

    from codemods.transfer.table import read

    table = read(Path(path), resolved=True)
    if table["jax_version"] != fresh["jax_version"]:
        raise SystemExit(f"{path} was derived on jax {table['jax_version']}, not {fresh['jax_version']}")
    fresh_entries = model.resolve_outcomes(fresh)["operations"]
    names = {name for name in names if name in fresh_entries or name in fresh["unsatisfied"]}
    for name in names:
        table["operations"].pop(name, None)
        table["unsatisfied"].pop(name, None)
    table["operations"].update(fresh_entries)
    table["unsatisfied"].update(fresh["unsatisfied"])
    table["outcomes"] = model.intern_outcomes(table["operations"])
    table.setdefault("rederived", []).append({"date": fresh["derived"], "operations": sorted(names)})
    return table


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
