"""bayes-scratch/notebooks/exported/mc_importance.py

Exported from mc_importance.ipynb: self-normalised importance weights over the walkers of each
chain, to reweight the ensemble to a tempered target.
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
N_CHAIN, N_WALK = 8, 16
BETA = 0.5
WEIGHT_AXIS = "walker"


# In[4]:


def ensemble(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(scale=1.5, size=(N_CHAIN, N_WALK)).astype(np.float32)


def log_ratio(theta, beta=BETA):
    return -(beta - 1.0) * 0.5 * theta * theta


# In[5]:


def weight_cell(theta):
    lw = log_ratio(theta)
    lw_all = jax.lax.all_gather(lw, WEIGHT_AXIS, axis=1, tiled=True, to="invarying")
    w = jax.nn.softmax(lw_all, axis=1)
    return w


reweight = jax.shard_map(
    weight_cell, mesh=MESH,
    in_specs=P("chain", "walker"),
    out_specs=P("chain", None),
)


# In[6]:


def ess(w):
    w = np.asarray(w)
    return 1.0 / np.sum(w * w, axis=1)


# In[7]:


# w = reweight(put(jnp.asarray(ensemble(0)), P("chain", "walker")))
# ess(w)


# In[ ]:


def inputs():
    return (ensemble(5),)


def main(theta0):
    theta = put(jnp.asarray(theta0), P("chain", "walker"))
    with cell_time("reweight"):
        w = reweight(theta)
    e = record("ess", ess(w))
    for v, bar in zip(e, ascii_bar(e)):
        display(f"{v:6.2f} {bar}")
    return w


if __name__ == "__main__":
    main(*inputs())
