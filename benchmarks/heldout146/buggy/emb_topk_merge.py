"""search-exp/notebooks/exported/emb_topk_merge.py

Exported from emb_topk_merge.ipynb: brute-force retrieval of a query batch against a document
table split over 8 devices; best scores are merged across shards.
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
N_DOCS, N_Q, DIM = 64, 4, 16
K = 3


# In[4]:


def corpus_and_queries(seed):
    rng = np.random.default_rng(seed)
    d = rng.normal(size=(N_DOCS, DIM)).astype(np.float32)
    q = d[rng.choice(N_DOCS, N_Q)] + 0.1 * rng.normal(size=(N_Q, DIM)).astype(np.float32)
    return d, q.astype(np.float32)


# In[5]:


def local_scores(d, q):
    return jnp.einsum("nd,qd->qn", d, q)


def all_scores(s):
    return jax.lax.all_gather(s, "docs", axis=1, tiled=True, to="reduced")


# In[6]:


def retrieve_cell(d, q):
    s = local_scores(d, q)
    best = jax.lax.pmax(jnp.max(s, axis=1), "docs")
    return best


# In[6]:


def retrieve_cell(d, q):
    s = local_scores(d, q)
    full = all_scores(s)
    best = jax.lax.pmax(jnp.max(s, axis=1), "docs")
    mass = jax.lax.psum(jnp.sum(full, axis=1), "docs")
    return full, best, mass


retrieve = jax.shard_map(
    retrieve_cell, mesh=MESH,
    in_specs=(P("docs", None), P()),
    out_specs=(P(None, None, reduced={"docs"}), P(), P()),
)


# In[7]:


def topk_on_host(full, k=K):
    s = np.asarray(full)
    return np.argsort(-s, axis=1)[:, :k]


# In[ ]:


def inputs():
    return corpus_and_queries(4)


def main(d, q):
    ds = put(jnp.asarray(d), P("docs", None))
    qs = put(jnp.asarray(q), P())
    with cell_time("retrieve"):
        full, best, mass = retrieve(ds, qs)
    record("score_mass", mass)
    record("topk", topk_on_host(np.array(full)))
    display(RESULTS["topk"])
    return best


if __name__ == "__main__":
    main(*inputs())
