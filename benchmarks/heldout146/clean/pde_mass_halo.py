"""cfd-sandbox/notebooks/exported/pde_mass_halo.py

Exported from pde_mass_halo.ipynb: upwind advection along x with a ppermute halo; the updated
column masses are gathered over the vertical axis for the plot.
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
CFL = 0.4


# In[4]:


def tracer(seed):
    rng = np.random.default_rng(seed)
    q = np.zeros(GRID, np.float32)
    q[1:3] = 1.0 + 0.1 * rng.normal(size=(2, 8, 8))
    return q


# In[5]:


def upwind_cell(q):
    n = MESH.shape["px"]
    left = jax.lax.ppermute(q[-1:], "px", [(i, (i + 1) % n) for i in range(n)])
    qx = jnp.concatenate([left, q], axis=0)
    q_new = q - CFL * (qx[1:] - qx[:-1])
    col = jnp.sum(q_new, axis=2)
    col_all = jax.lax.all_gather(col, "pz", to="reduced")
    return q_new, col_all


advect = jax.shard_map(
    upwind_cell, mesh=MESH,
    in_specs=FIELD_SPEC,
    out_specs=(FIELD_SPEC, P(None, "px", "py", reduced={"pz"})),
)


# In[ ]:


def inputs():
    return tracer(0), 3


def main(q0, steps):
    q = put(jnp.asarray(q0), FIELD_SPEC)
    masses = []
    with cell_time("advect"):
        for _ in range(steps):
            q, col_all = advect(q)
            masses.append(float(jnp.sum(q)))
    record("mass", masses)
    for m, bar in zip(masses, ascii_bar(masses)):
        display(f"{m:.3f} {bar}")
    return q


if __name__ == "__main__":
    main(*inputs())
