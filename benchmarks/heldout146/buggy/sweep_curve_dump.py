"""hparam-notebooks/exported/sweep_curve_dump.py

Exported from sweep_curve_dump.ipynb: per-run loss curves are first shared across the
learning rates (for the lr plot) and then dumped for every (seed, lr) run.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# In[2]:


# ---- nb_utils: pasted from the lab's shared notebook helpers (do not edit here) ----
import time as _time
import contextlib as _contextlib

RESULTS = {}
_TIMINGS = []
VERBOSE = False


def display(*objs, **kw):
    """Poor man's IPython display for when this runs as a script."""
    for o in objs:
        if hasattr(o, "shape") and hasattr(o, "dtype"):
            print(f"<array shape={tuple(o.shape)} dtype={o.dtype}>", **kw)
        elif isinstance(o, dict):
            for k, v in o.items():
                print(f"  {k:>18}: {v}", **kw)
        else:
            print(o, **kw)


@_contextlib.contextmanager
def cell_time(label="cell"):
    """%%time replacement: wall time of a block, kept in _TIMINGS."""
    t0 = _time.perf_counter()
    try:
        yield
    finally:
        dt = _time.perf_counter() - t0
        _TIMINGS.append((label, dt))
        if VERBOSE:
            print(f"Wall time ({label}): {dt * 1e3:.1f} ms")


def record(key, value):
    RESULTS[key] = value
    return value


def put(x, spec, mesh=None):
    """device_put with a NamedSharding on the notebook's MESH (a global set in a later cell)."""
    m = mesh if mesh is not None else globals().get("MESH")
    return jax.device_put(x, NamedSharding(m, spec))


def ascii_bar(values, width=24):
    values = np.asarray(values, dtype=float).ravel()
    top = float(np.max(np.abs(values))) or 1.0
    return ["#" * int(round(width * abs(v) / top)) for v in values]


def summarize(prefix=""):
    for k, v in RESULTS.items():
        if k.startswith(prefix):
            shape = getattr(v, "shape", None)
            display(f"{k}: {shape if shape is not None else v}")
    for label, dt in _TIMINGS[-3:]:
        display(f"[{label}] {dt * 1e3:.1f} ms")
# ---- end nb_utils ----


# In[3]:


MESH = jax.make_mesh((2, 2, 2), ("seed", "lr", "data"))
T = 8
GRID_DIMS = {"seed": "seed", "lr": "lr"}
PLOT_BY = "lr"


# In[4]:


def curves(seed):
    rng = np.random.default_rng(seed)
    t = np.arange(T)
    base = np.exp(-0.3 * t)[None, None, :]
    noise = 0.05 * rng.normal(size=(2, 2, T))
    return (base + noise).astype(np.float32)


# In[5]:


def share_for_plot(c):
    return jax.lax.all_gather(c, PLOT_BY, axis=1, tiled=True, to="reduced")


def dump_runs(c):
    axes = tuple(GRID_DIMS.values())
    return jax.lax.all_gather(c, axes, axis=0, tiled=True, to="reduced")


# In[6]:


def curve_cell(c):
    by_lr = share_for_plot(c)
    runs = dump_runs(by_lr)
    return by_lr, runs


dump = jax.shard_map(
    curve_cell, mesh=MESH,
    in_specs=P("seed", "lr", None),
    out_specs=(P("seed", None, None, reduced={"lr"}), P(None, None, None, reduced={"seed", "lr"})),
)


# In[ ]:


def inputs():
    return (curves(5),)


def main(c0):
    c = put(jnp.asarray(c0), P("seed", "lr", None))
    with cell_time("dump"):
        by_lr, runs = dump(c)
    final = np.asarray(runs)[..., -1]
    record("final_loss", final)
    display(final.round(3))
    return runs


if __name__ == "__main__":
    main(*inputs())
