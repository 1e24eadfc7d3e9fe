"""search-exp/notebooks/exported/emb_dedup_mask.py

Exported from emb_dedup_mask.ipynb: near-duplicate detection; every device sees all document
norms and masks the ones above the duplicate threshold.
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


MESH = jax.make_mesh((8,), ("docs",))
N_DOCS, DIM = 64, 16
DUP = {"threshold": 0.95, "axis": "docs"}


# In[4]:


def corpus(seed):
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(N_DOCS // 2, DIM))
    e = np.concatenate([base, base + 0.05 * rng.normal(size=base.shape)])
    return (e / np.linalg.norm(e, axis=1, keepdims=True)).astype(np.float32)


# In[5]:


def first_coords(e):
    # cheap proxy: the first coordinate of every unit vector
    return jax.lax.all_gather(e[:, 0], DUP["axis"], tiled=True, to="reduced")


def dup_mask(c, threshold=DUP["threshold"]):
    return jnp.where(c > threshold, 1.0, 0.0)


# In[6]:


def dedup_cell(e):
    c = first_coords(e)
    m = dup_mask(c)
    return c, m


dedup = jax.shard_map(
    dedup_cell, mesh=MESH,
    in_specs=P("docs", None),
    out_specs=(P(None, reduced={"docs"}), P(None, reduced={"docs"})),
)


# In[ ]:


def inputs():
    return (corpus(8),)


def main(table):
    e = put(jnp.asarray(table), P("docs", None))
    with cell_time("dedup"):
        c, m = dedup(e)
    record("n_masked", float(np.asarray(m).sum()))
    display(RESULTS["n_masked"])
    return m


if __name__ == "__main__":
    main(*inputs())
