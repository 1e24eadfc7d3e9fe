"""search-exp/notebooks/exported/emb_shard_export.py

Exported from emb_shard_export.ipynb: after a jitted whitening step the 2-D split table is
regathered whole for the FAISS builder, which runs in a separate process.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


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
TABLE_SPEC = P("docs", "dim")
EXPORT_SPEC = P(None, None, reduced={"docs", "dim"})


# In[4]:


def raw_table(seed):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=(N_DOCS, DIM)) * np.linspace(0.5, 2.0, DIM)).astype(np.float32)


def whiten(e, scale):
    return e * scale


whiten_step = jax.jit(whiten, out_shardings=NamedSharding(MESH, TABLE_SPEC))


# In[5]:


def export_table(e, spec=EXPORT_SPEC):
    return top_level_all_gather(e, spec)


def fingerprint(arr):
    a = np.asarray(arr)
    return {"shape": a.shape, "col_std": a.std(0)[:4].round(3)}


# In[6]:


def prepare(table):
    e = put(jnp.asarray(table), TABLE_SPEC)
    scale = put(jnp.asarray(1.0 / table.std(0)).astype(jnp.float32), P("dim"))
    with cell_time("whiten"):
        e = whiten_step(e, scale)
    return e


# In[ ]:


def inputs():
    return (raw_table(6),)


def main(table):
    with jax.set_mesh(MESH):
        e = prepare(table)
        whole = export_table(e)
    display(record("export", fingerprint(whole)))
    return whole


if __name__ == "__main__":
    main(*inputs())
