"""interp-lab/notebooks/exported/probe_bank_export.py

Exported from probe_bank_export.ipynb: a bank of per-head probe directions is initialised
sharded, nudged towards the class means, and exported with the hidden split kept for the viewer.
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


MESH = jax.make_mesh((4, 2), ("batch", "hidden"))
N_DIRS, D = 16, 8
BANK_SPEC = P(("batch", "hidden"), None)
VIEW_SPEC = P("hidden", None, reduced={"batch"})   # the viewer shards directions over hidden
VERBOSE = False


# In[4]:


@jax.jit
def _init(key):
    w = jax.random.normal(key, (N_DIRS, D))
    return w / jnp.linalg.norm(w, axis=1, keepdims=True)


init_bank = jax.jit(_init.__wrapped__ if hasattr(_init, "__wrapped__") else _init,
                    out_shardings=NamedSharding(MESH, BANK_SPEC))


def class_means(seed):
    rng = np.random.default_rng(seed)
    pos = rng.normal(loc=0.5, size=(64, D)).mean(axis=0)
    neg = rng.normal(loc=-0.5, size=(64, D)).mean(axis=0)
    return (pos - neg).astype(np.float32)


# In[5]:


def nudge(bank, target, rate=0.25):
    t = jnp.asarray(target) / np.linalg.norm(target)
    bank = bank + rate * (t[None, :] - bank)
    return bank / jnp.linalg.norm(bank, axis=1, keepdims=True)


def alignment(bank, target):
    t = np.asarray(target) / np.linalg.norm(target)
    return np.asarray(bank) @ t


# In[6]:


def export_for_viewer(bank):
    with jax.set_mesh(MESH):
        view = top_level_all_gather(bank, VIEW_SPEC)
    return view


# In[7]:


def build_bank(seed, steps):
    bank = init_bank(jax.random.key(seed))
    target = class_means(seed)
    with cell_time("nudge"):
        for _ in range(steps):
            bank = nudge(bank, target)
    record("alignment", alignment(bank, target))
    return bank


# In[8]:


# bank = build_bank(0, 2)
# display(alignment(bank, class_means(0)))


# In[ ]:


def inputs():
    return 0, 3


def main(seed, steps):
    bank = build_bank(seed, steps)
    view = export_for_viewer(bank)
    record("view", view)
    for a, bar in zip(RESULTS["alignment"][:4], ascii_bar(RESULTS["alignment"][:4])):
        display(f"{a:+.3f} {bar}")
    summarize()
    return view


if __name__ == "__main__":
    main(*inputs())
