"""bayes-scratch/notebooks/exported/mc_acceptance.py

Exported from mc_acceptance.ipynb: acceptance fractions per chain (to tune the stretch scale)
and pooled over the whole ensemble.
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


MESH = jax.make_mesh((2, 4), ("chain", "walker"))
N_CHAIN, N_WALK, N_STEP = 8, 16, 20
POOL_AXES = "walker"


# In[4]:


def accept_flags(seed, scale):
    rng = np.random.default_rng(seed)
    p = np.clip(0.6 / scale, 0, 1)
    return (rng.uniform(size=(N_CHAIN, N_WALK, N_STEP)) < p).astype(np.float32)


# In[5]:


def per_chain(flags):
    counts = jnp.sum(flags, axis=(1, 2))
    return jax.lax.psum(counts, "walker") / (N_WALK * N_STEP)


# In[6]:


# pooled over the chains once the scales agree (walkers are already summed)
POOL_AXES = ("chain",)


def pooled(frac):
    return jax.lax.pmean(jnp.mean(frac), POOL_AXES)


def accept_cell(flags):
    frac = per_chain(flags)
    overall = pooled(frac)
    return frac, overall


accept_stats = jax.shard_map(
    accept_cell, mesh=MESH,
    in_specs=P("chain", "walker", None),
    out_specs=(P("chain"), P()),
)


# In[7]:


def tune(scales, seed=0):
    table = {}
    for s in scales:
        flags = put(jnp.asarray(accept_flags(seed, s)), P("chain", "walker", None))
        frac, overall = accept_stats(flags)
        table[s] = float(overall)
    return table


# In[ ]:


def inputs():
    return ([1.0, 1.5, 2.0],)


def main(scales):
    with cell_time("tune"):
        table = tune(scales)
    record("acceptance", table)
    for s, bar in zip(scales, ascii_bar(list(table.values()))):
        display(f"a={s:.1f} acc={table[s]:.3f} {bar}")
    return jnp.asarray(list(table.values()))


if __name__ == "__main__":
    main(*inputs())
