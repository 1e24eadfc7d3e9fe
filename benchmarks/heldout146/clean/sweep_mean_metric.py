"""hparam-notebooks/exported/sweep_mean_metric.py

Exported from sweep_mean_metric.ipynb: eval accuracy of every run over its data shards, then
averaged over seeds for the lr comparison table.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import functools
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


MESH = jax.make_mesh((2, 2, 2), ("seed", "lr", "data"))
N = 16
over_data = functools.partial(jax.lax.pmean, axis_name="data")
over_seeds = functools.partial(jax.lax.pmean, axis_name="seed")


# In[4]:


def predictions(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=(2, 2, N))
    flip = rng.uniform(size=(2, 2, N)) < np.array([0.1, 0.3])[None, :, None]
    return np.where(flip, 1 - y, y).astype(np.float32), y.astype(np.float32)


# In[5]:


def acc_cell(pred, y):
    acc = over_data(jnp.mean((pred == y).astype(jnp.float32), axis=-1))
    by_lr = over_seeds(acc)
    return acc, by_lr


accuracy = jax.shard_map(
    acc_cell, mesh=MESH,
    in_specs=(P("seed", "lr", "data"), P("seed", "lr", "data")),
    out_specs=(P("seed", "lr"), P(None, "lr")),
)


# In[ ]:


def inputs():
    return predictions(4)


def main(pred, y):
    spec = P("seed", "lr", "data")
    with cell_time("accuracy"):
        acc, by_lr = accuracy(put(jnp.asarray(pred), spec), put(jnp.asarray(y), spec))
    table = record("acc_by_lr", np.asarray(by_lr).ravel())
    for a, bar in zip(table, ascii_bar(table)):
        display(f"{a:.3f} {bar}")
    return by_lr


if __name__ == "__main__":
    main(*inputs())
