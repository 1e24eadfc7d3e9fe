"""gp-playground/notebooks/exported/gp_rowsum_log.py

Exported from gp_rowsum_log.ipynb: RBF kernel matrix on a 2x4 tile grid; the row sums (degree
vector for the Nystrom check) are logged for every column tile.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import functools
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
LENGTHSCALE = 0.7
LOG_OVER = "col"


# In[4]:


def points(seed):
    rng = np.random.default_rng(seed)
    return np.sort(rng.uniform(-2, 2, size=N)).astype(np.float32)


def rbf(a, b, ell=LENGTHSCALE):
    return np.exp(-0.5 * (a[:, None] - b[None, :]) ** 2 / ell ** 2).astype(np.float32)


x = points(0)
K0 = rbf(x, x)
display(K0)


# In[5]:


@functools.partial(jax.shard_map, mesh=MESH, in_specs=P("row", "col"),
                   out_specs=(P("row"), P(None, "row", reduced={LOG_OVER})))
def degree_cell(k):
    part = jnp.sum(k, axis=1)
    deg = jax.lax.psum(part, "col")
    logged = jax.lax.all_gather(part, LOG_OVER, to="reduced")
    return deg, logged


# In[6]:


def nystrom_error(K, deg, m=4):
    idx = np.argsort(-np.asarray(deg))[:m]
    C = K[:, idx]
    W = K[np.ix_(idx, idx)]
    approx = C @ np.linalg.pinv(W) @ C.T
    return float(np.linalg.norm(K - approx) / np.linalg.norm(K))


# In[7]:


# %time deg, logged = degree_cell(put(jnp.asarray(K0), P("row", "col")))


# In[ ]:


def inputs():
    return points(3), 4


def main(x, m):
    K = rbf(x, x)
    with cell_time("degree"):
        deg, logged = degree_cell(put(jnp.asarray(K), P("row", "col")))
    err = record("nystrom_err", nystrom_error(K, deg, m))
    record("deg_log", logged)
    display(f"relative Nystrom error with m={m}: {err:.3e}")
    return deg


if __name__ == "__main__":
    main(*inputs())
