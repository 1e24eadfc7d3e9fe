"""gp-playground/notebooks/exported/gp_matvec_scatter.py

Exported from gp_matvec_scatter.ipynb: conjugate-gradient style matvec K @ v on the tile grid;
the vector is completed over the column tiles and the result scattered back.
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
NOISE = 0.1


# In[4]:


def system(seed):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(-1, 1, size=N))
    K = np.exp(-0.5 * (x[:, None] - x[None, :]) ** 2 / 0.3 ** 2) + NOISE * np.eye(N)
    y = np.sin(3 * x) + 0.1 * rng.normal(size=N)
    return K.astype(np.float32), y.astype(np.float32)


# In[5]:


def complete(v):
    return jax.lax.all_gather(v, "col", tiled=True, to="reduced")


def matvec_cell(k, v):
    partial = k @ v
    return jax.lax.psum(partial, "col")


# In[5]:


def matvec_cell(k, v):
    v_all = complete(v)
    partial = k @ v
    back = jax.lax.psum_scatter(v_all, "col", scatter_dimension=0, tiled=True)
    return jax.lax.psum(partial, "col"), back


matvec = jax.shard_map(
    matvec_cell, mesh=MESH,
    in_specs=(P("row", "col"), P("col")),
    out_specs=(P("row"), P("col")),
)


# In[6]:


def residual(K, y, alpha):
    return float(np.linalg.norm(K @ np.asarray(alpha) - y))


# In[ ]:


def inputs():
    return system(5)


def main(K, y):
    k = put(jnp.asarray(K), P("row", "col"))
    v = put(jnp.asarray(y), P("col"))
    with cell_time("matvec"):
        kv, back = matvec(k, v)
    record("kv_norm", float(jnp.linalg.norm(kv)))
    record("residual", residual(K, y, np.linalg.solve(K, y)))
    summarize()
    return kv


if __name__ == "__main__":
    main(*inputs())
