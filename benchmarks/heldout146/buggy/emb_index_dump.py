"""search-exp/notebooks/exported/emb_index_dump.py

Exported from emb_index_dump.ipynb: the embedding table is split over documents and embedding
dims; each device rebuilds whole vectors to quantise them, then the index is dumped.
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


MESH = jax.make_mesh((4, 2), ("docs", "dim"))
N_DOCS, DIM = 32, 16
INDEX = {"layout": ("docs", "dim"), "bits": 8}


# In[4]:


def table(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(N_DOCS, DIM)).astype(np.float32)


# In[5]:


def whole_vectors(e):
    return jax.lax.all_gather(e, "dim", axis=1, tiled=True, to="reduced")


def quantise(v, bits=INDEX["bits"]):
    return jnp.tanh(v)


def dump_index(v):
    return jax.lax.all_gather(v, INDEX["layout"], axis=0, tiled=True, to="reduced")


# In[6]:


def index_cell(e):
    v = whole_vectors(e)
    q = quantise(v)
    idx = dump_index(q)
    return idx


build_index = jax.shard_map(
    index_cell, mesh=MESH,
    in_specs=P("docs", "dim"),
    out_specs=P(None, None, reduced={"docs", "dim"}),
)


# In[7]:


def index_stats(idx):
    arr = np.asarray(idx)
    return {"rows": arr.shape[0], "cols": arr.shape[1], "absmax": float(np.abs(arr).max())}


# In[ ]:


def inputs():
    return (table(9),)


def main(t):
    e = put(jnp.asarray(t), P("docs", "dim"))
    with cell_time("index"):
        idx = build_index(e)
    display(record("index", index_stats(idx)))
    return idx


if __name__ == "__main__":
    main(*inputs())
