"""gp-playground/notebooks/exported/gp_feature_export.py

Exported from gp_feature_export.ipynb: random Fourier features computed by a jitted map on the
tile grid and exported twice: whole (both axes) and per row tile.
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


MESH = jax.make_mesh((2, 4), ("row", "col"))
N, F = 16, 8
SPEC = P("row", "col")
EXPORTS = {
    "whole": (P(None, None, reduced={"row", "col"}), True),
    "rows": (P("row", None, reduced={"col"}), False),
}


# In[4]:


def projections(seed):
    rng = np.random.default_rng(seed)
    x = np.linspace(-1, 1, N)[:, None]
    w = rng.normal(size=(1, F))
    return (x * w).astype(np.float32)


features = jax.jit(lambda z: jnp.cos(z) * np.sqrt(2.0 / F), out_shardings=NamedSharding(MESH, SPEC))


# In[5]:


def export_all(phi):
    out = {}
    for name, (spec, multi) in EXPORTS.items():
        out[name] = top_level_all_gather(phi, spec, multi_dim=multi)
    return out


# In[ ]:


def inputs():
    return (projections(2),)


def main(z0):
    with jax.set_mesh(MESH):
        phi = features(put(jnp.asarray(z0), SPEC))
        out = export_all(phi)
    record("whole_shape", out["whole"].shape)
    record("rows_shape", out["rows"].shape)
    summarize()
    return phi


if __name__ == "__main__":
    main(*inputs())
