"""cfd-sandbox/notebooks/exported/pde_boundary_clip.py

Exported from pde_boundary_clip.ipynb: a limiter for the advected tracer; each device rebuilds
the whole y-line of its block and clips it to the physical range before the plot.
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


MESH = jax.make_mesh((2, 2, 2), ("px", "py", "pz"))
GRID = (8, 8, 8)
FIELD_SPEC = P("px", "py", "pz")
LIMITS = {"tracer": (0.0, 1.0), "salinity": (30.0, 40.0)}
LINE_AXIS = "py"


# In[4]:


def tracer(seed):
    rng = np.random.default_rng(seed)
    return (0.5 + 0.7 * rng.normal(size=GRID)).astype(np.float32)


# In[5]:


def whole_lines(q):
    return jax.lax.all_gather(q, LINE_AXIS, axis=1, tiled=True, to="reduced")


def limit(q, name):
    lo, hi = LIMITS[name]
    return jnp.clip(q, lo, hi)


# In[6]:


def limiter_cell(q, name="tracer"):
    lines = whole_lines(q)
    clipped = limit(lines, name)
    overshoot = jnp.sum(jnp.abs(lines - clipped))
    return clipped, overshoot


# In[6]:


def limiter_cell(q):
    clipped = whole_lines(limit(q, "tracer"))
    return clipped


limiter = jax.shard_map(
    limiter_cell, mesh=MESH,
    in_specs=FIELD_SPEC,
    out_specs=P("px", None, "pz", reduced={LINE_AXIS}),
)


# In[7]:


def run_limiter(q0):
    q = put(jnp.asarray(q0), FIELD_SPEC)
    with cell_time("limiter"):
        out = limiter(q)
    host = np.asarray(out)
    return out, float(host.min()), float(host.max())


# In[ ]:


def inputs():
    return (tracer(3),)


def main(q0):
    out, lo, hi = run_limiter(q0)
    record("range", (lo, hi))
    display({"min": lo, "max": hi})
    summarize()
    return out


if __name__ == "__main__":
    main(*inputs())
