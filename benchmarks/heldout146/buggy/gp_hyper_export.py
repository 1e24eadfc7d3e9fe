"""gp-playground/notebooks/exported/gp_hyper_export.py

Exported from gp_hyper_export.ipynb: the inducing-point features are resharded over row tiles
after the hyperparameter update and exported whole for the plotting worker.
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
N_IND, N_FEAT = 16, 8
FEATURE_SPEC = P("row", "col")
ROW_SPEC = P("row", None)
EXPORT = {"spec": P(None, None, reduced={"row", "col"}), "multi_dim": True}


# In[4]:


def features(seed):
    rng = np.random.default_rng(seed)
    z = np.linspace(-2, 2, N_IND)[:, None]
    w = rng.normal(size=(1, N_FEAT))
    return np.cos(z * w).astype(np.float32)


def update_scale(phi, log_ell):
    return phi * jnp.exp(-log_ell)


update = jax.jit(update_scale, out_shardings=NamedSharding(MESH, FEATURE_SPEC))


# In[5]:


def to_rows(phi):
    return jax.reshard(phi, ROW_SPEC)


def export(phi):
    return top_level_all_gather(phi, EXPORT["spec"], multi_dim=EXPORT["multi_dim"])


# In[6]:


def fit(phi0, log_ell, steps):
    phi = put(jnp.asarray(phi0), FEATURE_SPEC)
    for _ in range(steps):
        phi = update(phi, log_ell)
    return phi


# In[ ]:


def inputs():
    return features(1), 0.1, 2


def main(phi0, log_ell, steps):
    with jax.set_mesh(MESH):
        with cell_time("fit"):
            phi = fit(phi0, log_ell, steps)
        rows = to_rows(phi)
        whole = export(rows)
    record("export_shape", whole.shape)
    summarize()
    return whole


if __name__ == "__main__":
    main(*inputs())
