"""Standard-library and NumPy values a script run (script_run.py; issue 13) models beside JAX's:
the numeric constants (`np.pi`, `math.inf`), which are the same float on every run, and the
library calls whose results are plain Python objects built the way Python builds them.
"""
from __future__ import annotations

import math

import numpy

CONSTANTS = {f"{module}.{name}": getattr(source, name)
             for module, source in (("numpy", numpy), ("jax.numpy", numpy), ("math", math))
             for name in ("pi", "e", "inf", "nan", "tau") if hasattr(source, name)}


def constant(name: str) -> object:
    """The value of a library constant by its canonical name, or None."""
    found = CONSTANTS.get(name)
    return found if type(found) is float else None
