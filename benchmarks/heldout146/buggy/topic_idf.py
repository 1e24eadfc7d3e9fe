"""nlp-notebooks/exported/topic_idf.py

Exported from topic_idf.ipynb: document frequencies and IDF weights for the TF-IDF baseline,
computed on the document-term matrix split over documents and vocabulary.
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
DOC_AXIS = "doc"


# In[4]:


def dtm(seed):
    rng = np.random.default_rng(seed)
    return rng.poisson(np.linspace(0.1, 3.0, V), size=(N_DOC, V)).astype(np.float32)


# In[5]:


def presence(c):
    return (c > 0).astype(jnp.float32)


def doc_freq(p):
    return jax.lax.psum(jnp.sum(p, axis=0), DOC_AXIS)


def all_docs(p):
    return jax.lax.all_gather(p, DOC_AXIS, axis=0, tiled=True, to="reduced")


# In[6]:


def idf_cell(c):
    p = presence(c)
    p = all_docs(p)
    df = doc_freq(p)
    idf = jnp.log(N_DOC / (1.0 + df))
    return idf


idf_weights = jax.shard_map(
    idf_cell, mesh=MESH,
    in_specs=P("doc", "vocab"),
    out_specs=P("vocab"),
)


# In[7]:


def tfidf_on_host(counts, idf):
    tf = counts / np.maximum(counts.sum(1, keepdims=True), 1)
    return tf * np.asarray(idf)[None, :]


# In[ ]:


def inputs():
    return (dtm(6),)


def main(counts):
    c = put(jnp.asarray(counts), P("doc", "vocab"))
    with cell_time("idf"):
        idf = idf_weights(c)
    record("tfidf", tfidf_on_host(counts, idf))
    for v, bar in zip(np.asarray(idf)[:5], ascii_bar(np.asarray(idf)[:5])):
        display(f"{v:.3f} {bar}")
    return idf


if __name__ == "__main__":
    main(*inputs())
