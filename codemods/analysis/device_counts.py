"""The number of devices in a script run (script_run.py, state_runs.py; issue 13).

A run stands for `python prog.py`, but not for one machine: `jax.device_count()` is whatever the
host has. The run first reads it as an unknown number (steps that only pass on it go on:
passed_steps.py). When that run stops early having read it (`range(n)`, a rank permutation
`[(i, (i + 1) % n) for i in range(n)]`), the run is made again under device counts 8, 16 and
32 until two of them are counts the program's own mesh construction accepts (`jax.make_mesh`
raises when its shape needs more devices than there are: such a run is not one the program
makes), and what they find is reported only when both find the same stop (the same call, for
the same reason). A finding then holds for every device count the program accepts as far as two
counts tell: the same kind of assumption as reading argparse defaults (CHANGELOG).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Opaque

TRIAL_COUNTS = (8, 16, 32)
COUNTED = frozenset({"jax.device_count", "jax.devices", "jax.local_device_count", "jax.local_devices"})


def counted(run, name: str) -> object:
    """`jax.device_count()`, `jax.devices()` (and the local ones: one process) in this run."""
    count = run.__dict__.get("_device_count")
    run.__dict__["_counted"] = True
    if count is None:
        return Opaque()
    if name in ("jax.device_count", "jax.local_device_count"):
        return count
    return [Opaque() for _ in range(count)]  # (device objects: only how many is known)


def check_mesh(run, sizes: tuple | None) -> None:
    """`jax.make_mesh(shape, ...)`: JAX raises unless the shape uses every device."""
    count = run.__dict__.get("_device_count")
    if count is None or sizes is None:
        return
    total = 1
    for size in sizes:
        total *= size
    if total > count:
        run.__dict__["_rejected"] = True
        raise Bail  # (the program raises on this many devices: not a machine it runs on)


def set_count(run, count: int | None) -> None:
    run.__dict__["_device_count"] = count


def outcome(run, stop, early: bool) -> tuple:
    """What `over_counts` needs of one run: (stop, stopped early, read the count, count rejected)."""
    return stop, early, bool(run.__dict__.get("_counted")), bool(run.__dict__.get("_rejected"))


def same_stop(first, second) -> bool:
    """Two runs' stops are one finding: the same call, kind and specs (or problem)."""
    if first is None or second is None or type(first) is not type(second):
        return False
    keys = [name for name in ("call", "kind", "in_spec", "out_spec", "said", "problem") if hasattr(first, name)]
    return all(getattr(first, name) is getattr(second, name) if name == "call" else
               getattr(first, name) == getattr(second, name) for name in keys)


def over_counts(attempt):
    """`attempt(count)` -> outcome(...) of a run with `count` devices (None: unknown). The first
    run reads the count as unknown; when it stops early having read it, the stop two accepted
    trial counts agree on, else None."""
    stop, early, read, _ = attempt(None)
    if stop is not None or not early or not read:
        return stop
    found = []
    for count in TRIAL_COUNTS:
        stop, _, _, rejected = attempt(count)
        if not rejected:
            found.append(stop)
        if len(found) == 2:
            return found[0] if same_stop(found[0], found[1]) else None
    return None
