"""gp-playground/notebooks/exported/gp_posterior_mean.py

Exported from gp_posterior_mean.ipynb: posterior mean on a test grid; every column tile
completes the test rows and adds the prior mean before the plot.
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


MESH = jax.make_mesh((2, 4), ("row", "col"))
N_TEST, N_TRAIN = 16, 16


# In[4]:


def cross_kernel(seed):
    rng = np.random.default_rng(seed)
    xs = np.linspace(-1, 1, N_TEST)
    xt = np.sort(rng.uniform(-1, 1, size=N_TRAIN))
    Ks = np.exp(-0.5 * (xs[:, None] - xt[None, :]) ** 2 / 0.3 ** 2)
    alpha = rng.normal(size=N_TRAIN)
    return Ks.astype(np.float32), alpha.astype(np.float32)


# In[5]:


def mean_cell(ks, alpha, prior):
    m = jax.lax.psum(ks @ alpha, "col")
    m_all = jax.lax.all_gather(m, "row", tiled=True, to="reduced")
    return m_all + prior


# In[5]:


def mean_cell(ks, alpha, prior):
    m = ks @ alpha
    m = jax.lax.psum(m, "col")
    m_all = jax.lax.all_gather(m, "row", tiled=True, to="reduced")
    shifted = m_all - prior
    return m_all, shifted


posterior_mean = jax.shard_map(
    mean_cell, mesh=MESH,
    in_specs=(P("row", "col"), P("col"), P()),
    out_specs=(P(None, reduced={"row"}), P(None, reduced={"row"})),
)


# In[ ]:


def inputs():
    Ks, alpha = cross_kernel(2)
    return Ks, alpha, 0.25


def main(Ks, alpha, prior):
    args = (put(jnp.asarray(Ks), P("row", "col")), put(jnp.asarray(alpha), P("col")),
            put(jnp.asarray(prior, jnp.float32), P()))
    with cell_time("posterior"):
        m, shifted = posterior_mean(*args)
    record("mean_range", (float(np.min(np.array(m))), float(np.max(np.array(m)))))
    summarize()
    return shifted


if __name__ == "__main__":
    main(*inputs())
