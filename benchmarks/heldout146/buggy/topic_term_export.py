"""nlp-notebooks/exported/topic_term_export.py

Exported from topic_term_export.ipynb: topic-term weights after a few jitted EM-style updates,
regathered whole over documents for the viewer that keeps the vocabulary split.
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


MESH = jax.make_mesh((4, 2), ("doc", "vocab"))
N_TOPIC, V = 8, 16
SPECS = {
    "weights": P("doc", None),
    "viewer": P(None, "vocab", reduced={"doc"}),
}


# In[4]:


def init_topics(seed):
    rng = np.random.default_rng(seed)
    w = rng.gamma(1.0, size=(N_TOPIC, V))
    return (w / w.sum(1, keepdims=True)).astype(np.float32)


def em_step(w, prior):
    w = w + prior
    return w / jnp.sum(w, axis=1, keepdims=True)


em = jax.jit(em_step, out_shardings=NamedSharding(MESH, SPECS["weights"]))


# In[5]:


def for_viewer(w):
    return top_level_all_gather(w, SPECS["viewer"])


def top_terms(w, k=3):
    a = np.asarray(w)
    return np.argsort(-a, axis=1)[:, :k]


# In[6]:


def train(w0, prior, steps):
    w = put(jnp.asarray(w0), SPECS["weights"])
    for _ in range(steps):
        w = em(w, prior)
    return w


# In[ ]:


def inputs():
    return init_topics(0), 0.01, 3


def main(w0, prior, steps):
    with jax.set_mesh(MESH):
        with cell_time("em"):
            w = train(w0, prior, steps)
        view = for_viewer(w)
    record("top_terms", top_terms(w))
    display(RESULTS["top_terms"][:3])
    return view


if __name__ == "__main__":
    main(*inputs())
