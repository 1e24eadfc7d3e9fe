"""nlp-notebooks/exported/topic_loglik_scatter.py

Exported from topic_loglik_scatter.ipynb: per-document log-likelihood under the fitted topics,
reduced over vocabulary and then scattered back so each device owns a slice of the totals.
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
SCATTER_AXES = ("doc", "vocab")


# In[4]:


def data(seed):
    rng = np.random.default_rng(seed)
    counts = rng.poisson(1.5, size=(N_DOC, V)).astype(np.float32)
    logp = np.log(rng.dirichlet(np.ones(V), size=N_DOC)).astype(np.float32)
    return counts, logp


# In[5]:


def doc_loglik(c, lp):
    return jax.lax.psum(jnp.sum(c * lp, axis=1), "vocab")


def ll_cell(c, lp):
    ll = doc_loglik(c, lp)
    block = jnp.tile(ll, 8)
    owned = jax.lax.psum_scatter(block, SCATTER_AXES, scatter_dimension=0, tiled=True)
    return ll, owned


ll_parts = jax.shard_map(
    ll_cell, mesh=MESH,
    in_specs=(P("doc", "vocab"), P("doc", "vocab")),
    out_specs=(P("doc"), P(("doc", "vocab"))),
)


# In[6]:


def perplexity(ll, counts):
    return float(np.exp(-np.asarray(ll).sum() / counts.sum()))


# In[ ]:


def inputs():
    return data(3)


def main(counts, logp):
    args = (put(jnp.asarray(counts), P("doc", "vocab")), put(jnp.asarray(logp), P("doc", "vocab")))
    with cell_time("loglik"):
        ll, owned = ll_parts(*args)
    display(f"perplexity: {record('ppl', perplexity(ll, counts)):.2f}")
    return owned


if __name__ == "__main__":
    main(*inputs())
