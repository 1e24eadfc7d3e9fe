"""Unknown values the run knows to be Python numbers (script_run.py; issue 13).

`Opaque` stands for any value the run cannot know: a number, but also a device object or a
dtype. Python treats those differently where the run needs to follow it: `copy.deepcopy` of a
float is the float itself, of a device it raises (TypeError: cannot pickle). The run notes here
the Opaques it made as numbers: a draw from an unseeded generator (`rng.uniform(a, b)`), `float(x)`
or `int(x)` of an array, `math.exp(...)` of such numbers; only those are copied as numbers.
"""
from __future__ import annotations

from codemods.analysis.script_values import Opaque


def number(run) -> Opaque:
    """A new unknown Python number."""
    made = Opaque()
    run.__dict__.setdefault("_numbers", {})[id(made)] = made  # (kept alive: its id stays its own)
    return made


def is_number(run, value: object) -> bool:
    return type(value) is Opaque and run.__dict__.get("_numbers", {}).get(id(value)) is value
