"""nlp-notebooks/exported/topic_log_share.py

Exported from topic_log_share.ipynb: log term shares per document for the KL-divergence cell;
each vocabulary shard first rebuilds whole rows.
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
EPS = 1e-9


# In[4]:


def shares(seed):
    rng = np.random.default_rng(seed)
    c = rng.poisson(1.0, size=(N_DOC, V)).astype(np.float32) + 0.5
    return c / c.sum(1, keepdims=True)


# In[5]:


def whole_rows(s):
    return jax.lax.all_gather(s, "vocab", axis=1, tiled=True, to="reduced")


def log_share_cell(s):
    rows = whole_rows(s)
    return jnp.log(rows + EPS)


# In[5]:


def log_share_cell(s, eps=EPS):
    rows = whole_rows(s)
    logs = jnp.log(rows + eps)
    return rows, logs


log_shares = jax.shard_map(
    log_share_cell, mesh=MESH,
    in_specs=P("doc", "vocab"),
    out_specs=(P("doc", None, reduced={"vocab"}), P("doc", None, reduced={"vocab"})),
)


# In[6]:


def kl_to_uniform(rows, logs):
    r, l = np.asarray(rows), np.asarray(logs)
    return (r * (l - np.log(1.0 / V))).sum(1)


# In[ ]:


def inputs():
    return (shares(1),)


def main(s0):
    s = put(jnp.asarray(s0), P("doc", "vocab"))
    with cell_time("log_share"):
        rows, logs = log_shares(s)
    kl = record("kl", kl_to_uniform(np.array(rows), np.array(logs)))
    display(kl[:4].round(3))
    return logs


if __name__ == "__main__":
    main(*inputs())
