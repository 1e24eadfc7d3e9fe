"""interp-lab/notebooks/exported/probe_token_dedup.py

Exported from probe_token_dedup.ipynb: before fitting, duplicate tokens are down-weighted by a
norm-based counter so frequent tokens do not dominate the probe.
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
TOK_AXIS, HID_AXIS = MESH.axis_names
N_TOK, D = 32, 8


# In[4]:


def load_cached(seed):
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(N_TOK // 4, D)).astype(np.float32)
    acts = np.concatenate([base, base, base + 0.01, rng.normal(size=(N_TOK // 4, D))]).astype(np.float32)
    return acts


# In[5]:


def row_norms(x):
    sq = jnp.sum(x * x, axis=1)
    return jax.lax.psum(sq, HID_AXIS)


def all_norms(n, keep_all):
    if keep_all:
        n = jax.lax.all_gather(n, TOK_AXIS, tiled=True, to="reduced")
    return n


def dedup_weights(n, tol=1e-1):
    total = jax.lax.psum(n, TOK_AXIS)
    return total


# In[6]:


def make_cell(keep_all):
    def cell(x):
        n = row_norms(x)
        n = all_norms(n, keep_all)
        total = dedup_weights(n)
        return n, total
    return cell


# In[7]:


def run_cell(acts, keep_all):
    out_n = P(None, reduced={TOK_AXIS}) if keep_all else P(TOK_AXIS)
    f = jax.shard_map(make_cell(keep_all), mesh=MESH,
                      in_specs=P(TOK_AXIS, HID_AXIS), out_specs=(out_n, P()))
    x = put(jnp.asarray(acts), P(TOK_AXIS, HID_AXIS))
    with cell_time("dedup"):
        n, total = f(x)
    return n, total


def counts_on_host(norms, tol=1e-1):
    norms = np.asarray(norms)
    d = np.abs(norms[:, None] - norms[None, :]) < tol
    return d.sum(axis=1)


# In[8]:


acts = load_cached(0)
# %time n, total = run_cell(acts, keep_all=False)


# In[ ]:


def inputs():
    return load_cached(3), True


def main(acts, keep_all):
    n, total = run_cell(acts, keep_all)
    counts = counts_on_host(np.array(n))
    record("dup_counts", counts)
    display(f"norm total: {np.asarray(total)}")
    for c, bar in zip(counts[:6], ascii_bar(counts[:6])):
        display(f"{c:3d} {bar}")
    return total


if __name__ == "__main__":
    main(*inputs())
