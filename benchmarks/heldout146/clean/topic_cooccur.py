"""nlp-notebooks/exported/topic_cooccur.py

Exported from topic_cooccur.ipynb: word co-occurrence strengths for the coherence score; each
vocabulary shard rebuilds whole rows, squares them and keeps the reduced rows as output.
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


MESH = jax.make_mesh((4, 2), ("doc", "vocab"))
N_DOC, V = 32, 16


# In[4]:


def dtm(seed):
    rng = np.random.default_rng(seed)
    return (rng.poisson(1.0, size=(N_DOC, V)) > 0).astype(np.float32)


# In[5]:


def cooccur_cell(c):
    scaled = c * 0.5
    rows = jax.lax.all_gather(scaled, "vocab", axis=1, tiled=True, to="reduced")
    strength = rows * rows + rows
    total = jnp.sum(strength, axis=1)
    return rows, total


cooccur = jax.shard_map(
    cooccur_cell, mesh=MESH,
    in_specs=P("doc", "vocab"),
    out_specs=(P("doc", None, reduced={"vocab"}), P("doc", reduced={"vocab"})),
)


# In[ ]:


def inputs():
    return (dtm(5),)


def main(counts):
    c = put(jnp.asarray(counts), P("doc", "vocab"))
    with cell_time("cooccur"):
        rows, total = cooccur(c)
    record("strength_total", float(np.asarray(total).sum()))
    summarize()
    return total


if __name__ == "__main__":
    main(*inputs())
