"""search-exp/notebooks/exported/emb_recall_at_k.py

Exported from emb_recall_at_k.ipynb: recall@k of a dual encoder on a labelled eval split,
with the dot products assembled across the embedding-dim shards.
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
N, DIM = 32, 16
EVAL_AXES = ("docs",)


# In[4]:


def eval_pairs(seed, noise=0.8):
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(N, DIM)).astype(np.float32)
    d = (q + noise * rng.normal(size=(N, DIM))).astype(np.float32)
    return q, d


# In[5]:


def pair_scores(q, d):
    return jax.lax.psum(jnp.sum(q * d, axis=1), "dim")


# In[6]:


# the dim shards count hits too, so average over the whole mesh
EVAL_AXES = tuple(MESH.axis_names)


def recall_cell(q, d, thresh):
    s = pair_scores(q, d)
    hits = (s > thresh).astype(jnp.float32)
    rate = jax.lax.pmean(jnp.mean(hits), EVAL_AXES)
    return s, rate


recall = jax.shard_map(
    recall_cell, mesh=MESH,
    in_specs=(P("docs", "dim"), P("docs", "dim"), P()),
    out_specs=(P("docs"), P()),
)


# In[7]:


def sweep(q, d, thresholds):
    qs, ds = put(jnp.asarray(q), P("docs", "dim")), put(jnp.asarray(d), P("docs", "dim"))
    out = {}
    for t in thresholds:
        _, rate = recall(qs, ds, put(jnp.asarray(t, jnp.float32), P()))
        out[t] = float(rate)
    return out


# In[ ]:


def inputs():
    return eval_pairs(1), [0.0, 5.0, 10.0]


def main(pairs, thresholds):
    q, d = pairs
    with cell_time("recall"):
        table = sweep(q, d, thresholds)
    record("recall", table)
    for t, bar in zip(thresholds, ascii_bar(list(table.values()))):
        display(f"t={t:5.1f} {table[t]:.3f} {bar}")
    return jnp.asarray(list(table.values()))


if __name__ == "__main__":
    main(*inputs())
