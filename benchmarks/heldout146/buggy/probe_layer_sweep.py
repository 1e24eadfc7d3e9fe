"""interp-lab/notebooks/exported/probe_layer_sweep.py

Exported from probe_layer_sweep.ipynb ("Download as Python"); cleaned up just enough to run as a
script: linear probes on cached residual-stream activations, swept over layers.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import functools
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# get_ipython().run_line_magic('load_ext', 'autoreload')
# get_ipython().run_line_magic('autoreload', '2')


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
CFG = {
    "n_layers": 3,
    "n_tokens": 64,
    "d_model": 16,
    "probe_axis": "batch",
    "log_axis": "batch",   # where the per-layer centroid log is collected
    "l2": 1e-2,
}
display(CFG)


# In[4]:


def fake_activations(seed, layer):
    rng = np.random.default_rng(seed + 17 * layer)
    acts = rng.normal(size=(CFG["n_tokens"], CFG["d_model"])).astype(np.float32)
    labels = (acts[:, 0] + 0.1 * layer > 0).astype(np.float32)
    return acts, labels


acts, labels = fake_activations(0, 0)
display(acts, labels)


# In[5]:


def centroid_cell(x):
    # mean activation over tokens, one row per hidden shard
    n = CFG["n_tokens"]
    mu = jax.lax.psum(x.sum(axis=0), CFG["probe_axis"]) / n
    logged = jax.lax.all_gather(mu, CFG["log_axis"], to="reduced")
    return mu, logged


def probe_cell(x, y, w):
    logits = x @ w
    logits = jax.lax.psum(logits, "hidden")
    p = jax.nn.sigmoid(logits)
    grad = x.T @ (p - y) / CFG["n_tokens"]
    grad = jax.lax.psum(grad, CFG["probe_axis"])
    return grad + CFG["l2"] * w


# In[6]:


centroids = jax.shard_map(
    centroid_cell, mesh=MESH,
    in_specs=P("batch", "hidden"),
    out_specs=(P("hidden"), P(None, "hidden", reduced={"batch"})),
)
probe_grad = jax.shard_map(
    probe_cell, mesh=MESH,
    in_specs=(P("batch", "hidden"), P("batch"), P("hidden")),
    out_specs=P("hidden"),
)


# In[7]:


def fit_probe(x, y, steps=5, lr=0.5):
    w = put(jnp.zeros((CFG["d_model"],), jnp.float32), P("hidden"))
    with cell_time("fit_probe"):
        for _ in range(steps):
            w = w - lr * probe_grad(x, y, w)
    return w


def sweep(layers, seed=0):
    rows = []
    for layer in layers:
        a, l = fake_activations(seed, layer)
        x = put(jnp.asarray(a), P("batch", "hidden"))
        y = put(jnp.asarray(l), P("batch"))
        mu, logged = centroids(x)
        record(f"centroid/{layer}", mu)
        record(f"centroid_log/{layer}", logged)
        w = fit_probe(x, y)
        acc = float(jnp.mean((jnp.asarray(a) @ np.asarray(w) > 0) == (l > 0.5)))
        rows.append((layer, acc))
    return rows


# In[8]:


# %time rows = sweep(range(CFG["n_layers"]))
# for layer, acc in rows: print(layer, acc, ascii_bar([acc])[0])


# In[ ]:


def inputs():
    return (list(range(CFG["n_layers"])), 0)


def main(layers, seed):
    rows = sweep(layers, seed)
    for layer, acc in rows:
        display(f"layer {layer}: acc={acc:.3f} {ascii_bar([acc])[0]}")
    summarize("centroid")
    return jnp.asarray([acc for _, acc in rows])


if __name__ == "__main__":
    main(*inputs())
