"""cfd-sandbox/notebooks/exported/pde_checkpoint.py

Exported from pde_checkpoint.ipynb: advances the field with a jitted step on the 2x2x2 grid and
regathers the vertical split before writing a checkpoint (the writer wants whole columns).
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


MESH = jax.make_mesh((2, 2, 2), ("px", "py", "pz"))
GRID = (8, 8, 8)
FIELD_SPEC = P("px", "py", "pz")
CKPT_SPEC = P("px", "py", None, reduced={"pz"})
CKPT = {"every": 2, "keep": 2}
SAVED = []


# In[4]:


def smooth(u, relax=0.1):
    return (1.0 - relax) * u + relax * jnp.tanh(u)


advance = jax.jit(smooth, out_shardings=NamedSharding(MESH, FIELD_SPEC))


def start(seed):
    rng = np.random.default_rng(seed)
    return rng.normal(size=GRID).astype(np.float32)


# In[5]:


def write_checkpoint(u, step):
    whole = top_level_all_gather(u, CKPT_SPEC)
    SAVED.append((step, whole))
    del SAVED[:-CKPT["keep"]]
    return whole


# In[6]:


def simulate(u0, steps):
    with jax.set_mesh(MESH):
        u = put(jnp.asarray(u0), FIELD_SPEC)
        norms = []
        for step in range(1, steps + 1):
            u = advance(u)
            norms.append(float(jnp.linalg.norm(u)))
    return u, norms


# In[7]:


# %time u, norms = simulate(start(0), 2)
# write_checkpoint(u, 2)


# In[ ]:


def inputs():
    return start(1), 4


def main(u0, steps):
    with cell_time("simulate"):
        u, norms = simulate(u0, steps)
    record("norms", norms)
    whole = write_checkpoint(u, steps)
    for n, bar in zip(norms, ascii_bar(norms)):
        display(f"{n:.3f} {bar}")
    summarize()
    return whole


if __name__ == "__main__":
    main(*inputs())
