"""cfd-sandbox/notebooks/exported/pde_energy_budget.py

Exported from pde_energy_budget.ipynb: kinetic energy budget of a velocity field, first per
vertical column (for the column plot), then as a domain total.
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
ALL_AXES = MESH.axis_names
CELL_VOL = 1.0 / np.prod(GRID)


# In[4]:


def velocity(seed):
    rng = np.random.default_rng(seed)
    return [rng.normal(size=GRID).astype(np.float32) for _ in range(3)]


# In[5]:


def column_energy(u, v, w):
    e = 0.5 * (u * u + v * v + w * w) * CELL_VOL
    return jax.lax.psum(jnp.sum(e, axis=2), "pz")


def domain_total(col):
    return jax.lax.psum(jnp.sum(col), ALL_AXES)


# In[6]:


def budget_cell(u, v, w):
    col = column_energy(u, v, w)
    total = domain_total(col)
    return col, total


budget = jax.shard_map(
    budget_cell, mesh=MESH,
    in_specs=(FIELD_SPEC,) * 3,
    out_specs=(P("px", "py"), P()),
)


# In[7]:


def check_budget(fields):
    placed = [put(jnp.asarray(f), FIELD_SPEC) for f in fields]
    with cell_time("budget"):
        col, total = budget(*placed)
    ref = sum(0.5 * float(np.sum(f * f)) for f in fields) * CELL_VOL
    return col, float(total), ref


# In[ ]:


def inputs():
    return (velocity(2),)


def main(fields):
    col, total, ref = check_budget(fields)
    record("total", total)
    record("ref", ref)
    display({"total": total, "ref": ref, "rel_err": abs(total - ref) / ref})
    return col


if __name__ == "__main__":
    main(*inputs())
