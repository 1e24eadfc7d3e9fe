"""bayes-scratch/notebooks/exported/mc_chain_transpose.py

Exported from mc_chain_transpose.ipynb: the draws are relaid from walker-split to draw-split
with an all_to_all so each device can compute lag statistics over whole walker sets.
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


MESH = jax.make_mesh((2, 4), ("chain", "walker"))
N_CHAIN, N_WALK, N_DRAW = 8, 16, 16


# In[4]:


def draws(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(N_CHAIN, N_WALK, N_DRAW)).astype(np.float32)


# In[5]:


def relayout_cell(x):
    # (chain, walker/4, draw) -> (chain, walker, draw/4)
    y = jax.lax.all_to_all(x, "walker", split_axis=2, concat_axis=1, tiled=True)
    m = jnp.mean(y, axis=1)
    lag1 = jnp.mean(m[:, 1:] * m[:, :-1], axis=1)
    lag1 = jax.lax.pmean(lag1, "walker")
    spread = jax.lax.pmax(jnp.max(jnp.abs(y), axis=(1, 2)), ("chain", "walker"))
    return y, lag1, spread


relayout = jax.shard_map(
    relayout_cell, mesh=MESH,
    in_specs=P("chain", "walker", None),
    out_specs=(P("chain", None, "walker"), P("chain"), P()),
)


# In[ ]:


def inputs():
    return (draws(1),)


def main(x0):
    x = put(jnp.asarray(x0), P("chain", "walker", None))
    with cell_time("relayout"):
        y, lag1, spread = relayout(x)
    record("lag1", np.asarray(lag1).round(3))
    display(RESULTS["lag1"])
    return y


if __name__ == "__main__":
    main(*inputs())
