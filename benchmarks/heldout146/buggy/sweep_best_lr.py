"""hparam-notebooks/exported/sweep_best_lr.py

Exported from sweep_best_lr.ipynb: a seeds x learning-rates x data-shards sweep of a toy
least-squares fit on a 2x2x2 mesh; the best loss of each run is logged per data shard.
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


MESH = jax.make_mesh((2, 2, 2), ("seed", "lr", "data"))
LRS = [0.05, 0.2]
N, D, STEPS = 16, 4, 6
CELLS = {}


def register(name):
    def deco(fn):
        CELLS[name] = fn
        return fn
    return deco


# In[4]:


def problem(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(2, 2, N, D)).astype(np.float32)
    w_true = np.arange(1, D + 1, dtype=np.float32)
    y = X @ w_true + 0.1 * rng.normal(size=(2, 2, N)).astype(np.float32)
    lr = np.broadcast_to(np.asarray(LRS, np.float32)[None, :], (2, 2)).copy()
    return X, y, lr


# In[5]:


@register("train")
def train(X, y, lr):
    w = jnp.zeros((1, 1, D), X.dtype)
    best = jnp.full((1, 1), jnp.inf, X.dtype)
    for _ in range(STEPS):
        r = jnp.einsum("abnd,abd->abn", X, w) - y
        g = jax.lax.psum(jnp.einsum("abnd,abn->abd", X, r), "data") / N
        loss = jax.lax.psum(jnp.sum(r * r, axis=-1), "data") / N
        best = jnp.minimum(best, loss)
        w = w - lr[..., None] * g
    return w, best


@register("log")
def log_best(best):
    return jax.lax.all_gather(best, "data", to="reduced")


# In[6]:


def sweep_cell(X, y, lr):
    w, best = CELLS["train"](X, y, lr)
    logged = CELLS["log"](best)
    return w, best, logged


sweep = jax.shard_map(
    sweep_cell, mesh=MESH,
    in_specs=(P("seed", "lr", "data", None), P("seed", "lr", "data"), P("seed", "lr")),
    out_specs=(P("seed", "lr", None), P("seed", "lr"), P(None, "seed", "lr", reduced={"data"})),
)


# In[ ]:


def inputs():
    return problem(0)


def main(X, y, lr):
    spec3 = P("seed", "lr", "data")
    args = (put(jnp.asarray(X), P("seed", "lr", "data", None)), put(jnp.asarray(y), spec3),
            put(jnp.asarray(lr), P("seed", "lr")))
    with cell_time("sweep"):
        w, best, logged = sweep(*args)
    b = np.asarray(best)
    record("best_lr", LRS[int(np.argmin(b.mean(0)))])
    display({"best": b.round(4).tolist(), "best_lr": RESULTS["best_lr"]})
    return best


if __name__ == "__main__":
    main(*inputs())
