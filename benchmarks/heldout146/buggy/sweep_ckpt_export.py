"""hparam-notebooks/exported/sweep_ckpt_export.py

Exported from sweep_ckpt_export.ipynb: the stacked parameters of all (seed, lr) runs are
updated by a jitted step and exported per learning rate for the comparison notebook.
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


MESH = jax.make_mesh((2, 2, 2), ("seed", "lr", "data"))
D = 8
RUN_SPEC = P("seed", "lr", None)
BY_LR_SPEC = P("lr", None, None, reduced={"seed"})


# In[4]:


def init_params(seed):
    rng = np.random.default_rng(seed)
    return {
        "w": rng.normal(size=(2, 2, D)).astype(np.float32),
        "b": np.zeros((2, 2, 1), np.float32),
    }


def decay(params, rate):
    return jax.tree.map(lambda p: p * (1.0 - rate), params)


step = jax.jit(decay, out_shardings=NamedSharding(MESH, RUN_SPEC))


# In[5]:


def place(params):
    return jax.tree.map(lambda p: put(jnp.asarray(p), RUN_SPEC), params)


def export_by_lr(params):
    return jax.tree.map(lambda p: top_level_all_gather(p, BY_LR_SPEC), params)


# In[6]:


def run(seed, steps, rate):
    params = place(init_params(seed))
    with cell_time("decay"):
        for _ in range(steps):
            params = step(params, rate)
    return params


# In[ ]:


def inputs():
    return 1, 3, 0.1


def main(seed, steps, rate):
    with jax.set_mesh(MESH):
        params = run(seed, steps, rate)
        exported = export_by_lr(params)
    record("w_norm", float(jnp.linalg.norm(exported["w"])))
    summarize("w_")
    return exported["w"]


if __name__ == "__main__":
    main(*inputs())
