"""JAX and NumPy calls the script run models without the checks they make (script_run.py; issue 13).

The run's models of `jax.devices`, `jax.make_mesh`, `jax.device_put`, the array makers, array
methods, operators on arrays, `float(x)` and NumPy indexing give a value and never raise: they do
not check what JAX and NumPy check (a backend that exists, a mesh shape the device count fits, a
sharding that divides the shape, broadcast, reshape, matmul, concatenate and split shapes,
size-1 conversions, dtype names, bounds, and JAX's own warnings, which a warnings "error" filter
raises). A program that probes with one (`try: jax.devices("gpu") except RuntimeError:`) takes
the handler the run never takes. Such a call is a step of unknown outcome (passed_steps.py):
outside any `try`, or where no enclosing handler can catch what it raises (narrow_handlers.py),
a run that goes on has passed it; inside one that may catch it, the run stops (Bail).

Not such steps: the constructors that check nothing at the call (a PartitionSpec, the wrappers
jit and shard_map return), and the collectives, whose outcome in a body the run judges itself.
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis.passed_steps import passed

_CHECKING_NOTHING = frozenset({
    jaxapi.PARTITION_SPEC, jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP, "jax.jit", "jax.named_scope",
    "jax.set_mesh", "jax.sharding.use_mesh",
})
_NAMESPACES = ("jax.", "numpy.")


def library_step(run, name: str) -> None:
    """`name(...)` of a library function the run models: a step of unknown outcome when it is
    JAX's or NumPy's."""
    canonical = jaxapi.canonical(name)
    if not canonical.startswith(_NAMESPACES) or canonical in _CHECKING_NOTHING:
        return
    if canonical.startswith("jax.lax.") and canonical.rsplit(".", 1)[1] in jaxapi.COLLECTIVES:
        return
    passed(run)


def array_step(run) -> None:
    """A method, operator, index or conversion of an array: a step of unknown outcome."""
    passed(run)
