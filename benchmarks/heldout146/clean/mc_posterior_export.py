"""bayes-scratch/notebooks/exported/mc_posterior_export.py

Exported from mc_posterior_export.ipynb: thins the ensemble after burn-in and hands the
posterior, one row per chain with all its walkers, to the plotting process.
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


MESH = jax.make_mesh((2, 4), ("chain", "walker"))
N_CHAIN, N_WALK = 8, 16
ENSEMBLE_SPEC = P("chain", "walker")
BURN_IN, THIN = 4, 2


# In[4]:


def log_prob(theta):
    return -0.5 * theta * theta


def stretch_move(theta, z, u):
    proposal = theta + z
    accept = jnp.log(u) < log_prob(proposal) - log_prob(theta)
    return jnp.where(accept, proposal, theta)


step = jax.jit(stretch_move, out_shardings=NamedSharding(MESH, ENSEMBLE_SPEC))


# In[5]:


def run_chain(seed, n_steps):
    rng = np.random.default_rng(seed)
    theta = put(jnp.asarray(rng.normal(size=(N_CHAIN, N_WALK)).astype(np.float32)), ENSEMBLE_SPEC)
    kept = []
    for t in range(n_steps):
        z = put(jnp.asarray(rng.normal(scale=0.5, size=(N_CHAIN, N_WALK)).astype(np.float32)), ENSEMBLE_SPEC)
        u = put(jnp.asarray(rng.uniform(size=(N_CHAIN, N_WALK)).astype(np.float32)), ENSEMBLE_SPEC)
        theta = step(theta, z, u)
        if t >= BURN_IN and (t - BURN_IN) % THIN == 0:
            kept.append(theta)
    return theta, kept


# In[6]:


def posterior_rows(theta):
    # one row per chain, every walker of it, for the plotting process
    return top_level_all_gather(theta, P("chain", None, reduced={"walker"}))


# In[7]:


# theta, kept = run_chain(0, 10)
# display(len(kept))


# In[ ]:


def inputs():
    return 3, 10


def main(seed, n_steps):
    with cell_time("sample"):
        theta, kept = run_chain(seed, n_steps)
    record("n_kept", len(kept))
    with jax.set_mesh(MESH):
        rows = posterior_rows(theta)
    record("posterior", rows)
    summarize()
    return rows


if __name__ == "__main__":
    main(*inputs())
