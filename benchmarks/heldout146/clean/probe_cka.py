"""interp-lab/notebooks/exported/probe_cka.py

Exported from probe_cka.ipynb: linear CKA between two layers' activations, with the Gram
statistics summed over token and hidden shards.
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


MESH = jax.make_mesh((4, 2), ("batch", "hidden"))
N_TOK, D = 32, 8
ALL = ("batch", "hidden")


# In[4]:


def two_layers(seed):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=(N_TOK, D)).astype(np.float32)
    b = (a @ rng.normal(size=(D, D)) * 0.5 + rng.normal(size=(N_TOK, D))).astype(np.float32)
    return a - a.mean(0), b - b.mean(0)


# In[5]:


def frob_cross(a, b):
    # ||a^T b||_F^2 needs whole hidden columns of both: gather them first
    a_full = jax.lax.all_gather(a, "hidden", axis=1, tiled=True, to="invarying")
    b_full = jax.lax.all_gather(b, "hidden", axis=1, tiled=True, to="invarying")
    m = jax.lax.psum(a_full.T @ b_full, "batch")
    return jnp.sum(m * m)


def cka_cell(a, b):
    ab = frob_cross(a, b)
    aa = frob_cross(a, a)
    bb = frob_cross(b, b)
    sq = jax.lax.psum(jnp.sum(a * a), ALL)
    return ab / jnp.sqrt(aa * bb), sq


# In[6]:


cka = jax.shard_map(
    cka_cell, mesh=MESH,
    in_specs=(P("batch", "hidden"), P("batch", "hidden")),
    out_specs=(P(), P()),
)


# In[ ]:


def inputs():
    return two_layers(3)


def main(a, b):
    args = (put(jnp.asarray(a), P("batch", "hidden")), put(jnp.asarray(b), P("batch", "hidden")))
    with cell_time("cka"):
        value, sq = cka(*args)
    record("cka", float(value))
    record("sq_norm", float(sq))
    summarize()
    return value


if __name__ == "__main__":
    main(*inputs())
