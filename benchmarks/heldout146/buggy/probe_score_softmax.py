"""interp-lab/notebooks/exported/probe_score_softmax.py

Exported from probe_score_softmax.ipynb: multi-class probe; every device wants the full score
table of its token block to take a softmax over classes for the attribution plot.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import functools
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


MESH = jax.make_mesh((4, 2), ("batch", "hidden"))
N_TOK, D, K = 32, 8, 4
PLOT = dict(class_axis="hidden", temperature=0.7, top=3)


# In[4]:


def class_scores(seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(N_TOK, D)).astype(np.float32)
    w = rng.normal(size=(D, K)).astype(np.float32)
    return x, w


# In[5]:


def score_block(x, w):
    s = jnp.einsum("td,dk->tk", x, w)
    return jax.lax.psum(s, "hidden")


def gather_classes(s, axis_name):
    return jax.lax.all_gather(s, axis_name, axis=0, tiled=True, to="reduced")


# In[6]:


def attribution_cell(x, w):
    s = score_block(x, w)
    token_scores = gather_classes(s, "batch")
    probs = jax.nn.softmax(token_scores / PLOT["temperature"], axis=-1)
    return probs


# In[6]:


def attribution_cell(x, w, temperature=PLOT["temperature"]):
    s = score_block(x, w)
    token_scores = gather_classes(s, "batch")
    probs = jax.nn.softmax(token_scores / temperature, axis=-1)
    return token_scores, probs


# In[7]:


attribute = jax.shard_map(
    attribution_cell, mesh=MESH,
    in_specs=(P("batch", "hidden"), P("hidden", None)),
    out_specs=(P(None, None, reduced={"batch"}), P(None, None, reduced={"batch"})),
)


def top_classes(probs, top=PLOT["top"]):
    p = np.asarray(probs)
    return np.argsort(-p, axis=1)[:, :top]


# In[8]:


def run_attribution(seed):
    x, w = class_scores(seed)
    xs = put(jnp.asarray(x), P("batch", "hidden"))
    ws = put(jnp.asarray(w), P("hidden", None))
    with cell_time("attribute"):
        scores, probs = attribute(xs, ws)
    record("top", top_classes(np.array(probs)))
    return probs


# In[ ]:


def inputs():
    return (4,)


def main(seed):
    probs = run_attribution(seed)
    display(RESULTS["top"][:4])
    summarize()
    return probs


if __name__ == "__main__":
    main(*inputs())
