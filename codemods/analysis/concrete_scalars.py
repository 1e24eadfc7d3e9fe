"""Arrays of rank 0 that hold a value, in a script run (script_run.py; issue 13).

A trainer's step returns its loss as a JAX array of rank 0; a scheduler then ranks trials by it
(`sorted(trials, key=lambda t: t.last_result["loss"])`). Outside any trace such an array is
concrete: `<` of two of them gives a rank-0 bool array whose truth Python takes, as for numbers
(run on jax 0.10.2). Under `jax.jit` or in a shard_map body it is a tracer, whose truth raises:
there the array stays what the run cannot compare. The same holds in a function `jax.vmap`,
`jax.jacfwd`/`jacrev`/`hessian`, `jax.lax.scan`, `fori_loop` or `while_loop` runs, and in one
wrapped by `jax.checkpoint` (`max(t, 0.0)` raises TracerBoolConversionError there, checked; under
plain `jax.grad`, `jvp`, `vjp` or a custom rule's primal it does not). A checkpointed function is
the function itself in the run, called later: once the run made one, no rank-0 array counts as
concrete any more.

Outside a trace `<` still raises for some pairs the run does not tell apart (jax 0.10.2): arrays
committed to different meshes ("Mesh for all inputs should be equal") or devices ("incompatible
devices"), typed PRNG keys ("lt does not accept dtype key<fry>"), NumPy string arrays. So the
comparison is a step of unknown outcome (passed_steps.py): outside any handler that may catch
it, a run that goes on compared them, and Python's answer is one of the candidates; inside one,
the run stops (form nla9: a sweep over mesh shapes ranked by losses on their own meshes).
"""
from __future__ import annotations

from contextlib import contextmanager

from codemods.analysis.passed_steps import passed
from codemods.analysis.script_values import Arr

_TRACING = "_tracing"  # how many transforms are running a function of the module (a large count: for good)


def concrete_scalar(run, value: object) -> bool:
    """Whether `value` is an array of rank 0 the run holds outside every trace."""
    return type(value) is Arr and value.ndim == 0 and not getattr(run, "jitted", 1) \
        and not getattr(run, "in_body", 1) and getattr(run, "states", None) is None \
        and not getattr(run, "__dict__", {}).get(_TRACING)


def untraced(run) -> bool:
    """Whether the run is outside every trace, differentiation's included (a function `jax.grad`
    runs gets tracers, whose attributes are not a concrete array's): a JAX array it holds there is
    a concrete jax.Array (checked on jax 0.10.2: a custom_vjp or custom_jvp primal called
    outside differentiation gets concrete arrays too)."""
    return not getattr(run, "jitted", 1) and not getattr(run, "in_body", 1) and getattr(run, "states", None) is None \
        and not run.__dict__.get(_TRACING) and not run.__dict__.get("_differentiating")  # (script_custom_rules.py)


@contextmanager
def tracing(run):
    """A transform runs a function of the module on tracers."""
    run.__dict__[_TRACING] = run.__dict__.get(_TRACING, 0) + 1
    try:
        yield
    finally:
        run.__dict__[_TRACING] -= 1


def remat_made(run) -> None:
    """`jax.checkpoint(f)`: f, which may run on tracers whenever it is called from now on."""
    run.__dict__[_TRACING] = run.__dict__.get(_TRACING, 0) + (1 << 20)


def beside_numbers(run, values: list) -> Arr | None:
    """`max(loss, 0.0)`: the one concrete rank-0 array among Python numbers in `values` (the result
    of comparing them is one of them, which the run does not know); None for anything else."""
    arrays = [value for value in values if type(value) is Arr]
    if len(arrays) == 1 and concrete_scalar(run, arrays[0]) and all(
            type(value) in (int, float, bool) for value in values if value is not arrays[0]):
        return arrays[0]
    return None


def compared_scalars(run, values: list) -> None:
    """Python compared `values`, some of them concrete rank-0 arrays. `<` never raises for one
    array of a known real kind among Python numbers (the raising pairs need two arrays, a key dtype
    or a string array); any other such comparison is a step a handler in reach may have caught."""
    if not any(concrete_scalar(run, value) for value in values):
        return
    lone = beside_numbers(run, values)
    if lone is None or lone.dtype is None or lone.dtype.kind not in ("f", "i", "u", "b"):
        passed(run)
