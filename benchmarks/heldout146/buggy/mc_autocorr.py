"""bayes-scratch/notebooks/exported/mc_autocorr.py

Exported from mc_autocorr.ipynb: integrated autocorrelation time of the ensemble mean, with
each chain first seeing all of its walkers (the FFT cell used to run on the host).
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
N_CHAIN, N_WALK, N_DRAW = 8, 16, 32
LAGS = 8
POOL = "walker"


# In[4]:


def ar1_draws(seed, rho=0.7):
    rng = np.random.default_rng(seed)
    x = np.zeros((N_CHAIN, N_WALK, N_DRAW), np.float32)
    for t in range(1, N_DRAW):
        x[..., t] = rho * x[..., t - 1] + rng.normal(size=(N_CHAIN, N_WALK))
    return x


# In[5]:


def walker_view(x):
    return jax.lax.all_gather(x, POOL, axis=1, tiled=True, to="reduced")


def ensemble_mean(x):
    return jax.lax.pmean(jnp.sum(x, axis=1), POOL) / x.shape[1]


def acf(m, lags=LAGS):
    m = m - jnp.mean(m, axis=-1, keepdims=True)
    v = jnp.sum(m * m, axis=-1)
    return jnp.stack([jnp.sum(m[..., : N_DRAW - k] * m[..., k:], axis=-1) / v for k in range(lags)], -1)


# In[6]:


def tau_cell(x):
    allw = walker_view(x)
    m = ensemble_mean(allw)
    rho = acf(m)
    return rho


# In[6]:


def tau_cell(x, pooled=True):
    src = walker_view(x) if pooled else x
    m = ensemble_mean(src)
    rho = acf(m)
    tau = 1.0 + 2.0 * jnp.sum(rho[..., 1:], axis=-1)
    return rho, tau


taus = jax.shard_map(
    tau_cell, mesh=MESH,
    in_specs=P("chain", "walker", None),
    out_specs=(P("chain", None), P("chain")),
)


# In[7]:


def report(tau):
    t = np.asarray(tau)
    return {"tau_mean": float(t.mean()), "tau_max": float(t.max()), "n_eff": float(N_DRAW * N_WALK / t.mean())}


# In[ ]:


def inputs():
    return (ar1_draws(11),)


def main(x0):
    xs = put(jnp.asarray(x0), P("chain", "walker", None))
    with cell_time("tau"):
        rho, tau = taus(xs)
    display(record("tau_report", report(tau)))
    for r, bar in zip(np.asarray(rho)[0], ascii_bar(np.asarray(rho)[0])):
        display(f"{r:+.3f} {bar}")
    return tau


if __name__ == "__main__":
    main(*inputs())
