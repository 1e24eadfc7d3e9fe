"""gp-playground/notebooks/exported/gp_marglik.py

Exported from gp_marglik.ipynb: pieces of the log marginal likelihood (data fit, trace term)
computed on the tile grid and summed up with a tree map.
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


MESH = jax.make_mesh((2, 4), ("row", "col"))
N = 16
SUM_OVER = ("row", "col")


# In[4]:


def problem(seed):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-1, 1, size=N))
    K = np.exp(-0.5 * (x[:, None] - x[None, :]) ** 2 / 0.4 ** 2) + 0.05 * np.eye(N)
    alpha = np.linalg.solve(K, np.cos(2 * x))
    return K.astype(np.float32), alpha.astype(np.float32)


# In[5]:


def pieces(k, a_row, a_col):
    quad = jnp.sum(k * a_col[None, :], axis=1) * a_row
    diag_mask = jnp.ones_like(k)
    return {"fit": quad, "count": jnp.sum(diag_mask)}


def marglik_cell(k, a_row, a_col):
    parts = pieces(k, a_row, a_col)
    totals = jax.tree.map(lambda t: jax.lax.psum(jnp.sum(t), SUM_OVER), parts)
    return totals


marglik = jax.shard_map(
    marglik_cell, mesh=MESH,
    in_specs=(P("row", "col"), P("row"), P("col")),
    out_specs={"fit": P(), "count": P()},
)


# In[6]:


def host_check(K, alpha):
    return float(alpha @ K @ alpha)


# In[ ]:


def inputs():
    return problem(7)


def main(K, alpha):
    args = (put(jnp.asarray(K), P("row", "col")), put(jnp.asarray(alpha), P("row")),
            put(jnp.asarray(alpha), P("col")))
    with cell_time("marglik"):
        totals = marglik(*args)
    record("fit", float(totals["fit"]))
    record("fit_host", host_check(K, alpha))
    summarize("fit")
    return totals["fit"]


if __name__ == "__main__":
    main(*inputs())
