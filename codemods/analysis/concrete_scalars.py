"""Arrays of rank 0 that hold a value, in a script run (script_run.py; issue 13).

A trainer's step returns its loss as a JAX array of rank 0; a scheduler then ranks trials by it
(`sorted(trials, key=lambda t: t.last_result["loss"])`). Outside any trace such an array is
concrete: `<` of two of them gives a rank-0 bool array whose truth Python takes, as for numbers
(run on jax 0.10.2). Under `jax.jit` or in a shard_map body it is a tracer, whose truth raises:
there the array stays what the run cannot compare.
"""
from __future__ import annotations

from codemods.analysis.script_values import Arr


def concrete_scalar(run, value: object) -> bool:
    """Whether `value` is an array of rank 0 the run holds outside every trace."""
    return type(value) is Arr and value.ndim == 0 and not getattr(run, "jitted", 1) \
        and not getattr(run, "in_body", 1) and getattr(run, "states", None) is None
