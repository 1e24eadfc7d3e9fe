"""gp-playground/notebooks/exported/gp_kernel_dump.py

Exported from gp_kernel_dump.ipynb: each column tile first completes its kernel columns (to
check symmetry), then the whole matrix is dumped for the heatmap cell.
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
TILE_AXES = ("row", "col")


# In[4]:


def matern(seed, nu_half=True):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(0, 3, size=N))
    r = np.abs(x[:, None] - x[None, :])
    return (np.exp(-r) if nu_half else (1 + r) * np.exp(-r)).astype(np.float32)


# In[5]:


columns = lambda k: jax.lax.all_gather(k, "row", axis=0, tiled=True, to="reduced")
heatmap = lambda c: jax.lax.all_gather(c, TILE_AXES, axis=1, tiled=True, to="reduced")


def dump_cell(k):
    c = columns(k)
    h = heatmap(c)
    return c, h


dump = jax.shard_map(
    dump_cell, mesh=MESH,
    in_specs=P("row", "col"),
    out_specs=(P(None, "col", reduced={"row"}), P(None, None, reduced=set(TILE_AXES))),
)


# In[6]:


def symmetry_gap(full):
    a = np.asarray(full)
    return float(np.abs(a - a.T).max())


def heat_rows(full, every=4):
    a = np.asarray(full)
    return [" ".join(ascii_bar(row[::every], width=4)) for row in a[::every]]


# In[ ]:


def inputs():
    return (matern(2),)


def main(K):
    k = put(jnp.asarray(K), P("row", "col"))
    with cell_time("dump"):
        c, h = dump(k)
    record("sym_gap", symmetry_gap(h))
    for line in heat_rows(h):
        display(line)
    return h


if __name__ == "__main__":
    main(*inputs())
