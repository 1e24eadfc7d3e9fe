"""interp-lab/notebooks/exported/probe_calibration.py

Exported from probe_calibration.ipynb: temperature scan for a frozen probe, with the NLL
averaged over the whole mesh.
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


MESH = jax.make_mesh((4, 2), ("batch", "hidden"))
N_TOK, D = 64, 8
TEMPS = [0.5, 1.0, 2.0]


class Axes:
    tokens = "batch"
    features = "hidden"
    everything = ("batch", "hidden")


# In[4]:


def probe_data(seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(N_TOK, D)).astype(np.float32)
    w = np.linspace(-1, 1, D).astype(np.float32)
    y = (x @ w + rng.normal(size=N_TOK) > 0).astype(np.float32)
    return x, w, y


# In[5]:


def logits_of(x, w):
    return jax.lax.psum(x @ w, Axes.features)


def nll(z, y, temp):
    z = z / temp
    return jnp.mean(jnp.logaddexp(0.0, z) - y * z)


# In[6]:


def calib_cell(x, w, y, temps):
    z = logits_of(x, w)
    losses = jnp.stack([nll(z, y, t) for t in temps])
    return jax.lax.pmean(losses, Axes.everything)


# In[6]:


def calib_cell(x, w, y, temps=tuple(TEMPS)):
    z = logits_of(x, w)
    losses = jax.vmap(lambda t: nll(z, y, t))(temps)
    return jax.lax.pmean(losses, Axes.everything)


# In[7]:


calib = jax.jit(jax.shard_map(
    calib_cell, mesh=MESH,
    in_specs=(P(Axes.tokens, Axes.features), P(Axes.features), P(Axes.tokens), P()),
    out_specs=P(),
))


# In[8]:


def scan(seed):
    x, w, y = probe_data(seed)
    args = (put(jnp.asarray(x), P("batch", "hidden")), put(jnp.asarray(w), P("hidden")),
            put(jnp.asarray(y), P("batch")), put(jnp.asarray(TEMPS, jnp.float32), P()))
    with cell_time("calib"):
        losses = calib(*args)
    return record("nll_by_temp", losses)


# In[ ]:


def inputs():
    return (2,)


def main(seed):
    losses = scan(seed)
    for t, l, bar in zip(TEMPS, np.asarray(losses), ascii_bar(losses)):
        display(f"T={t:.1f} nll={l:.4f} {bar}")
    best = TEMPS[int(np.argmin(np.asarray(losses)))]
    display(f"best temperature: {best}")
    return losses


if __name__ == "__main__":
    main(*inputs())
