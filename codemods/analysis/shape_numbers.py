"""Unknown numbers that are certainly Python ints: an array's sizes (script_run.py; issue 13).

Inside a shard_map body the global batch is counted as `jax.lax.psum(x.shape[0], "data")`: a
shape entry is a Python int at trace time (its value unknown to the run), and a reduction of a
Python number multiplies it by the axis size without tracing anything, so JAX raises nothing
there whatever the size is. Other unknown values (`float(loss)`, a device list, an unknown
dtype) may be anything, and a collective given one stops the run. The run keeps the unknown
sizes it handed out (and so keeps them alive: an id stays theirs) to tell them apart.
"""
from __future__ import annotations

from codemods.analysis.script_values import Opaque


def size(run) -> Opaque:
    """A new unknown size (`x.shape` of an unknown rank, its entries, `x.size`, `x.ndim`; an item
    of an unknown value is that value again: script_operators.py)."""
    made = Opaque()
    run.__dict__.setdefault("_sizes", {})[id(made)] = made
    return made


def is_size(run, value: object) -> bool:
    return type(value) is Opaque and run.__dict__.get("_sizes", {}).get(id(value)) is value
