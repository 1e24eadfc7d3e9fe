"""hparam-notebooks/exported/sweep_grad_norm.py

Exported from sweep_grad_norm.ipynb: gradient-norm monitoring for the sweep; the per-shard
gradients are completed over the data axis and then spread to every run for clipping.
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
D = 8
MONITOR = {"complete_over": "data", "spread_over": "data"}


# In[4]:


def grads(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(2, 2, 2, D)).astype(np.float32)


# In[5]:


def complete(g):
    return jax.lax.all_gather(g, MONITOR["complete_over"], axis=2, tiled=True, to="reduced")


def spread(g):
    return jax.lax.all_gather(g, MONITOR["spread_over"], axis=0, tiled=True)


# In[6]:


def norm_cell(g):
    full = complete(g)
    sq = jnp.sum(full * full, axis=-1)
    everywhere = spread(sq)
    return full, everywhere


monitor = jax.shard_map(
    norm_cell, mesh=MESH,
    in_specs=P("seed", "lr", "data", None),
    out_specs=(P("seed", "lr", None, None, reduced={"data"}), P(("seed", "data"), "lr", None)),
)


# In[ ]:


def inputs():
    return (grads(2),)


def main(g0):
    g = put(jnp.asarray(g0), P("seed", "lr", "data", None))
    with cell_time("monitor"):
        full, everywhere = monitor(g)
    norms = np.sqrt(np.asarray(everywhere))
    record("grad_norm_max", float(norms.max()))
    display(RESULTS["grad_norm_max"])
    return everywhere


if __name__ == "__main__":
    main(*inputs())
