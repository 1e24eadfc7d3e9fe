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

A program also rejects a count itself: a config check `if prod(sizes) != jax.device_count():
raise ValueError(...)` ends the program before any shard_map body is traced. A run that ends in
the program's own explicit `raise` (escaping the module, after it read the count, before any body
was traced, with no open choice taken: unknown_choices.py) is such a rejection too: everything
but the count is the same in every trial run, so the count is what made it raise. When only one
of 8, 16, 32 is accepted, the run is made under 4, 2 and 1 as well: a stop is reported from one
accepted count only when every other trial count was rejected (the program accepts that count
alone, as far as six counts tell), never when some other trial stopped on an unknown.

Every run stands for one process: `jax.local_devices()` are all the devices, and a launcher's
`jax.process_count()` is 1 and `jax.process_index()` 0 (checked on jax 0.10.2, 8 CPU devices:
`python prog.py` on one host, with no `jax.distributed.initialize`, which the run does not model
and stops at). So `if jax.process_count() == 1: device_put(...) else:
make_array_from_process_local_data(...)` and `if jax.process_index() == 0:` take the one-host way,
as the program run by hand does.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail

TRIAL_COUNTS = (8, 16, 32)
SMALLER_COUNTS = (4, 2, 1)  # (tried when fewer than two of TRIAL_COUNTS are accepted)
COUNTED = frozenset({"jax.device_count", "jax.devices", "jax.local_device_count", "jax.local_devices"})


def counted(run, name: str) -> object:
    """`jax.device_count()`, `jax.devices()` (and the local ones: one process) in this run."""
    count = run.__dict__.get("_device_count")
    run.__dict__["_counted"] = True
    if count is None:
        from codemods.analysis.unknown_numbers import number, signed
        from codemods.analysis.unsized_lists import unsized

        return signed(run, number(run), True) if name in ("jax.device_count", "jax.local_device_count") else unsized(run)
    if name in ("jax.device_count", "jax.local_device_count"):
        return count
    from codemods.analysis.device_arrays import listed
    from codemods.analysis.number_attributes import DEVICE_NAMES, with_names

    return listed(run, [with_names(run, DEVICE_NAMES) for _ in range(count)])  # (device objects: how many, and their common names)


PROCESSES = {"jax.process_count": 1, "jax.process_index": 0}


def process(name: str, args: list, kwargs: dict) -> int:
    """`jax.process_count()` and `jax.process_index()` of the one process (a `backend=` is a
    backend the run does not know)."""
    if args or kwargs:
        raise Bail
    return PROCESSES[name]


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


def mesh_passes(run, args: list, kwargs: dict) -> bool:
    """`jax.make_mesh((4, n // 4), ("i", "j"))` under a trial count it fits: JAX's only checks there
    (names as many as sizes and distinct, sizes positive ints whose product is at most the count:
    checked on jax 0.10.2) pass, so the call cannot raise (a probe `try: make_mesh(...) except
    ValueError:` takes its body). A shape too big is a count the program rejects (check_mesh)."""
    count = run.__dict__.get("_device_count")
    if count is None or kwargs or len(args) != 2 or type(args[0]) not in (tuple, list) or type(args[1]) not in (tuple, list):
        return False
    sizes, names = args
    if len(sizes) != len(names) or not names or not all(type(n) is str for n in names) or len(set(names)) != len(names) \
            or not all(type(size) is int and size > 0 for size in sizes):
        return False
    total = 1
    for size in sizes:
        total *= size
    return total <= count


def set_count(run, count: int | None) -> None:
    run.__dict__["_device_count"] = count


def program_raise(run, error: BaseException) -> None:
    """An explicit `raise` statement of the program ran: remembered when it may reject the count."""
    if run.__dict__.get("_device_count") is not None and run.__dict__.get("_counted") and not run.traced:
        run.__dict__.setdefault("_raises", []).append(error)


def _raised_itself(run, escaped: BaseException | None) -> bool:
    """The run ended in the program's own exception, raised before any body was traced."""
    from codemods.analysis.host_exprs import Raised

    plan = run.__dict__.get("_plan")
    if type(escaped) is not Raised or (plan is not None and plan.made) or run.traced:
        return False
    return any(error is escaped.error for error in run.__dict__.get("_raises", ()))


def outcome(run, stop, early: bool, escaped: BaseException | None = None) -> tuple:
    """What `over_counts` needs of one run: (stop, stopped early, read the count, count rejected);
    `escaped` the exception that ended the run early."""
    rejected = bool(run.__dict__.get("_rejected")) or (stop is None and _raised_itself(run, escaped))
    return stop, early, bool(run.__dict__.get("_counted")), rejected


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
    trial counts agree on, or the one stop of the only count accepted; else None."""
    stop, early, read, _ = attempt(None)
    if stop is not None or not early or not read:
        return stop
    found = []
    for count in TRIAL_COUNTS + SMALLER_COUNTS:
        stop, _, _, rejected = attempt(count)
        if not rejected:
            found.append(stop)
        if len(found) == 2:
            return found[0] if same_stop(found[0], found[1]) else None
    return found[0] if found else None  # (every other trial count rejected)
