"""hparam-notebooks/exported/sweep_loss_center.py

Exported from sweep_loss_center.ipynb: final losses of the sweep, shared across learning rates
and centred per seed so the lr effect can be read off the plot.
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
COMPARE = "lr"


# In[4]:


def final_losses(seed):
    rng = np.random.default_rng(seed)
    return (np.array([[0.4, 0.2], [0.5, 0.25]]) + 0.01 * rng.normal(size=(2, 2))).astype(np.float32)


# In[5]:


def share_lrs(l):
    return jax.lax.all_gather(l, COMPARE, axis=1, tiled=True, to="reduced")


def center_cell(l):
    row = share_lrs(l)
    centred = row - row.mean(axis=1, keepdims=True)
    return row, centred


# In[5]:


def center_cell(l):
    row = share_lrs(l)
    mu = row.mean(axis=1, keepdims=True)
    return row, mu


center = jax.shard_map(
    center_cell, mesh=MESH,
    in_specs=P("seed", "lr"),
    out_specs=(P("seed", None, reduced={COMPARE}), P("seed", None, reduced={COMPARE})),
)


# In[ ]:


def inputs():
    return (final_losses(0),)


def main(l0):
    l = put(jnp.asarray(l0), P("seed", "lr"))
    with cell_time("center"):
        row, mu = center(l)
    record("lr_effect", (np.array(row) - np.array(mu)).round(3))
    display(RESULTS["lr_effect"])
    return mu


if __name__ == "__main__":
    main(*inputs())
