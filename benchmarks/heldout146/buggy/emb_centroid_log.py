"""search-exp/notebooks/exported/emb_centroid_log.py

Exported from emb_centroid_log.ipynb: corpus-centroid drift of a document embedding table split
over 8 devices; the centroid is subtracted ("mean-centering") and logged per device.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# get_ipython().system('nvidia-smi')


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


MESH = jax.make_mesh((8,), ("docs",))
N_DOCS, DIM = 64, 16
LOG = {"axis": "docs", "every": 1}


# In[4]:


def corpus(seed, drift=0.3):
    rng = np.random.default_rng(seed)
    e = rng.normal(size=(N_DOCS, DIM)) + drift
    return (e / np.linalg.norm(e, axis=1, keepdims=True)).astype(np.float32)


# In[5]:


def centroid(e):
    return jax.lax.psum(jnp.sum(e, axis=0), "docs") / N_DOCS


def center_cell(e):
    c = centroid(e)
    centered = e - c
    c_log = jax.lax.all_gather(c, LOG["axis"], to="reduced")
    return centered, c_log


center = jax.shard_map(
    center_cell, mesh=MESH,
    in_specs=P("docs", None),
    out_specs=(P("docs", None), P(None, None, reduced={"docs"})),
)


# In[6]:


def drift_report(c_log):
    arr = np.asarray(c_log)
    return {"norm": float(np.linalg.norm(arr[0])), "spread": float(np.abs(arr - arr[0]).max())}


# In[7]:


# %%time
# centered, c_log = center(put(jnp.asarray(corpus(0)), P("docs", None)))


# In[ ]:


def inputs():
    return corpus(2), 2


def main(table, rounds):
    e = put(jnp.asarray(table), P("docs", None))
    with cell_time("center"):
        for _ in range(rounds):
            e, c_log = center(e)
    display(record("drift", drift_report(c_log)))
    summarize()
    return e


if __name__ == "__main__":
    main(*inputs())
