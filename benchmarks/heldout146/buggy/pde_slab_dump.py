"""cfd-sandbox/notebooks/exported/pde_slab_dump.py

Exported from pde_slab_dump.ipynb: writes x-z slabs of the pressure field for the paraview
notebook; each device first completes its vertical columns, then the slab is assembled.
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
SLAB = {"dims": ("x", "z"), "y_index": 0}
AXIS_OF = {"x": "px", "y": "py", "z": "pz"}


# In[4]:


def pressure(seed):
    rng = np.random.default_rng(seed)
    p = rng.normal(size=GRID).astype(np.float32)
    return np.cumsum(p, axis=2) / GRID[2]


# In[5]:


def complete_columns(p):
    return jax.lax.all_gather(p, AXIS_OF["z"], axis=2, tiled=True, to="reduced")


def slab_axes(dims):
    return tuple(AXIS_OF[d] for d in dims)


def assemble_slab(cols):
    plane = cols[:, SLAB["y_index"], :]
    return jax.lax.all_gather(plane, slab_axes(SLAB["dims"]), axis=0, tiled=True, to="reduced")


# In[6]:


def slab_cell(p):
    cols = complete_columns(p)
    mean_col = cols.sum(axis=2)
    slab = assemble_slab(cols)
    return mean_col, slab


slabber = jax.shard_map(
    slab_cell, mesh=MESH,
    in_specs=FIELD_SPEC,
    out_specs=(P("px", "py", reduced={"pz"}), P(None, "py", reduced={"px", "pz"})),
)


# In[7]:


def write_slab(slab, path=None):
    arr = np.asarray(slab)
    lines = [" ".join(f"{v:+.2f}" for v in row) for row in arr.reshape(arr.shape[0], -1)[:4]]
    if path:
        with open(path, "w") as fh:
            fh.write("\n".join(lines))
    return lines


# In[ ]:


def inputs():
    return pressure(5), None


def main(p0, path):
    p = put(jnp.asarray(p0), FIELD_SPEC)
    with cell_time("slab"):
        col_sum, slab = slabber(p)
    record("slab", slab)
    for line in write_slab(slab, path)[:2]:
        display(line[:60])
    summarize()
    return col_sum


if __name__ == "__main__":
    main(*inputs())
