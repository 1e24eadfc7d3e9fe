"""Arrays of rank 0 that hold a value, in a script run (script_run.py; issue 13).

A trainer's step returns its loss as a JAX array of rank 0; a scheduler then ranks trials by it
(`sorted(trials, key=lambda t: t.last_result["loss"])`). Outside any trace such an array is
concrete: `<` of two of them gives a rank-0 bool array whose truth Python takes, as for numbers
(run on jax 0.10.2). Under `jax.jit` or in a shard_map body it is a tracer, whose truth raises:
there the array stays what the run cannot compare.

Outside a trace `<` still raises for some pairs the run does not tell apart (jax 0.10.2): arrays
committed to different meshes ("Mesh for all inputs should be equal") or devices ("incompatible
devices"), typed PRNG keys ("lt does not accept dtype key<fry>"), NumPy string arrays. So the
comparison is a step of unknown outcome (passed_steps.py): outside any handler that may catch
it, a run that goes on compared them, and Python's answer is one of the candidates; inside one,
the run stops (form nla9: a sweep over mesh shapes ranked by losses on their own meshes).
"""
from __future__ import annotations

from codemods.analysis.passed_steps import passed
from codemods.analysis.script_values import Arr


def concrete_scalar(run, value: object) -> bool:
    """Whether `value` is an array of rank 0 the run holds outside every trace."""
    return type(value) is Arr and value.ndim == 0 and not getattr(run, "jitted", 1) \
        and not getattr(run, "in_body", 1) and getattr(run, "states", None) is None


def compared_scalars(run) -> None:
    """Python compared such arrays: a step that raises in a handler's reach stops the run."""
    passed(run)
