"""Host NumPy and JAX operations that may raise once warnings are errors (script_run.py; found by
the review of the 2026-12-07 session).

NumPy reports an overflow, a division by zero or an invalid operation (`np.float16(1e6)`,
`np.exp(1000.0)`, `np.int8(100) * np.int8(100)`, `big / 0`, `np.sqrt(-1.0)`, `np.mean` of an empty
array) as a RuntimeWarning by default, and JAX reports a host value it casts (`jnp.float32(1e39)`,
`jax.device_put` of a float64 array holding 1e300, `x * 1e39` of a traced float32 array) or a
dtype it truncates (`jnp.zeros(3, jnp.float64)` with x64 off: UserWarning) the same way (all
checked on jax 0.10.2 with NumPy 2). The run follows no value well enough to say a warning is not
issued, and under a warnings "error" filter (script_warnings.py: added anywhere, even in a block
that restores the filters, with any category or pattern) each such warning is raised as an
exception, so a line the run believes reached may never be. This is the one place that says so:
once a program has added an "error" filter, any NumPy call, any JAX call but the few that only
build meshes, specs and wrappers, and any operator on an array or an unknown number stops the
run. (np.seterr/errstate/seterrcall with anything but "ignore" stop it where they are called:
script_jax.py.) Inside a traced body an operation of traced arrays with a small Python int or a
bool, and a collective of a traced array, issue none: they go on.
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Opaque

# JAX calls that build meshes, specs, shardings and wrappers: they cast no value and warn of
# nothing (checked on jax 0.10.2 under `warnings.simplefilter("error")`).
_BUILDERS = frozenset({"jax.make_mesh", "jax.sharding.Mesh", jaxapi.PARTITION_SPEC, "jax.sharding.NamedSharding",
                       "jax.set_mesh", "jax.sharding.use_mesh", jaxapi.SHARD_MAP, "jax.jit"})
# Collectives and axis queries: of a traced array they convert nothing on the host.
_COLLECTIVES = frozenset(f"jax.lax.{name}" for name in (
    "psum", "pmean", "pmax", "pmin", "all_gather", "psum_scatter", "ppermute", "all_to_all", "axis_index",
    "axis_size", "pcast", "pvary"))
_SMALL = 1 << 15  # (a Python int any float dtype holds: its weak-typed cast cannot overflow)


def may_raise(run) -> bool:
    """A warning NumPy or JAX issues may be raised as an exception from here on."""
    return bool(run.__dict__.get("_warnings_raise"))


def library(run, name: str, args: list, kwargs: dict) -> None:
    """Stops the run at a NumPy or JAX call that may issue a warning raised as an error."""
    if not may_raise(run) or not name.startswith(("numpy.", "jax.")) or name in _BUILDERS:
        return
    if name in _COLLECTIVES and args and type(args[0]) is Arr and not args[0].host:
        return
    raise Bail


def operated(run, *operands: object) -> None:
    """Stops the run at an operator on an array or an unknown number (maybe a NumPy scalar) that
    may issue a warning raised as an error."""
    if not may_raise(run) or not any(isinstance(side, Opaque) for side in operands):
        return
    if all(type(side) is Arr and not side.host or type(side) is bool
           or type(side) is int and -_SMALL < side < _SMALL for side in operands):
        return  # (traced arrays with small ints: nothing is cast on the host)
    raise Bail
