"""bayes-scratch/notebooks/exported/mc_rhat.py

Exported from mc_rhat.ipynb: split-R-hat for an ensemble sampler run as 8 chains of 16 walkers
on a 2x4 mesh; the per-chain means are also kept for the trace plot.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# get_ipython().run_line_magic('config', "InlineBackend.figure_format = 'retina'")


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
SPEC = P("chain", "walker")


# In[4]:


class TracePlot:
    stack_axis = "walker"
    every = 4


def draws(seed):
    rng = np.random.default_rng(seed)
    offs = rng.normal(scale=0.2, size=(N_CHAIN, 1, 1))
    return (offs + rng.normal(size=(N_CHAIN, N_WALK, N_DRAW))).astype(np.float32)


x = draws(0)
display(x)


# In[5]:


def chain_means(x):
    # mean of every chain over its walkers and draws
    s = jnp.sum(x, axis=(1, 2))
    return jax.lax.psum(s, "walker") / (N_WALK * N_DRAW)


def within_var(x, mu):
    d = x - mu[:, None, None]
    return jax.lax.psum(jnp.sum(d * d, axis=(1, 2)), "walker") / (N_WALK * N_DRAW - 1)


# In[6]:


def rhat_cell(x):
    mu = chain_means(x)
    w = within_var(x, mu)
    trace = jax.lax.all_gather(mu, TracePlot.stack_axis, to="reduced")
    return mu, w, trace


rhat_parts = jax.shard_map(
    rhat_cell, mesh=MESH,
    in_specs=P("chain", "walker", None),
    out_specs=(P("chain"), P("chain"), P(None, "chain", reduced={"walker"})),
)


# In[7]:


def rhat(mu, w):
    mu, w = np.asarray(mu), np.asarray(w)
    b = N_DRAW * N_WALK * mu.var(ddof=1)
    wbar = w.mean()
    var_plus = (1 - 1 / (N_DRAW * N_WALK)) * wbar + b / (N_DRAW * N_WALK)
    return float(np.sqrt(var_plus / wbar))


# In[8]:


# %time mu, w, trace = rhat_parts(put(jnp.asarray(x), P("chain", "walker", None)))
# rhat(mu, w)


# In[ ]:


def inputs():
    return draws(1), 2


def main(x, repeats):
    xs = put(jnp.asarray(x), P("chain", "walker", None))
    with cell_time("rhat"):
        for _ in range(repeats):
            mu, w, trace = rhat_parts(xs)
    r = record("rhat", rhat(mu, w))
    record("trace", trace)
    display(f"R-hat = {r:.4f}")
    return mu


if __name__ == "__main__":
    main(*inputs())
