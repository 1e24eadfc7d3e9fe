"""bayes-scratch/notebooks/exported/mc_trace_dump.py

Exported from mc_trace_dump.ipynb: collects the walkers of every chain for the corner plot and
then the whole ensemble for the arviz dump.
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
N_CHAIN, N_WALK, DIM = 8, 16, 3
ENSEMBLE = ("chain", "walker")


# In[4]:


def positions(seed):
    rng = np.random.default_rng(seed)
    cov = np.diag([1.0, 0.5, 2.0])
    return rng.multivariate_normal(np.zeros(DIM), cov, size=(N_CHAIN, N_WALK)).astype(np.float32)


# In[5]:


def corner_block(pos):
    return jax.lax.all_gather(pos, "walker", axis=1, tiled=True, to="reduced")


def ensemble(pos, axes=ENSEMBLE):
    flat = pos.reshape(-1, DIM)
    return jax.lax.all_gather(flat, axes, axis=0, tiled=True, to="reduced")


# In[6]:


def dump_cell(pos):
    walkers = corner_block(pos)
    everyone = ensemble(walkers)
    return walkers, everyone


dumper = jax.shard_map(
    dump_cell, mesh=MESH,
    in_specs=P("chain", "walker", None),
    out_specs=(P("chain", None, None, reduced={"walker"}), P(None, None, reduced=set(ENSEMBLE))),
)


# In[7]:


def to_arviz_dict(everyone):
    arr = np.asarray(everyone)
    return {f"theta_{i}": arr[:, i] for i in range(DIM)}


def corner_stats(walkers):
    arr = np.asarray(walkers).reshape(-1, DIM)
    return {"mean": arr.mean(0).round(3), "std": arr.std(0).round(3)}


# In[ ]:


def inputs():
    return (positions(7),)


def main(pos0):
    pos = put(jnp.asarray(pos0), P("chain", "walker", None))
    with cell_time("dump"):
        walkers, everyone = dumper(pos)
    record("corner", corner_stats(walkers))
    post = record("posterior", to_arviz_dict(everyone))
    display(RESULTS["corner"])
    return everyone


if __name__ == "__main__":
    main(*inputs())
