"""interp-lab/notebooks/exported/probe_confusion_dump.py

Exported from probe_confusion_dump.ipynb: dumps the full activation table next to a trained
probe's scores so the confusion matrix can be inspected offline.
"""
#!/usr/bin/env python
# coding: utf-8

# In[1]:


import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# get_ipython().run_line_magic('matplotlib', 'inline')


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
N_TOK, D = 32, 8
DUMP_AXES = tuple(MESH.axis_names)
THRESH = 0.0


# In[4]:


def make_table(seed):
    rng = np.random.default_rng(seed)
    acts = rng.normal(size=(N_TOK, D)).astype(np.float32)
    w = rng.normal(size=(D,)).astype(np.float32)
    labels = (acts @ w + 0.3 * rng.normal(size=N_TOK) > THRESH).astype(np.int32)
    return acts, w, labels


acts, w_true, labels = make_table(1)
display(acts.shape, labels.mean())


# In[5]:


def full_rows(x):
    # each device needs whole rows (all hidden units) to score the probe
    return jax.lax.all_gather(x, "hidden", axis=1, tiled=True, to="reduced")


def dump_table(x):
    return jax.lax.all_gather(x, DUMP_AXES, axis=0, tiled=True, to="reduced")


# In[6]:


def score_and_dump(x, w):
    rows = full_rows(x)
    scores = jnp.einsum("td,d->t", jnp.tanh(rows), w)
    table = dump_table(rows)
    return scores, table


# In[6]:


# re-run of the cell above after adding the table output
def score_and_dump(x, w):
    rows = full_rows(x)
    table = dump_table(rows)
    scores = rows @ w
    return scores, table


# In[7]:


scorer = jax.shard_map(
    score_and_dump, mesh=MESH,
    in_specs=(P("batch", "hidden"), P()),
    out_specs=(P("batch"), P(None, None, reduced={"batch", "hidden"})),
)


def confusion(scores, labels, thresh=THRESH):
    pred = (np.asarray(scores) > thresh).astype(np.int32)
    labels = np.asarray(labels)
    tp = int(((pred == 1) & (labels == 1)).sum())
    fp = int(((pred == 1) & (labels == 0)).sum())
    fn = int(((pred == 0) & (labels == 1)).sum())
    tn = int(((pred == 0) & (labels == 0)).sum())
    return {"tp": tp, "fp": fp, "fn": fn, "tn": tn}


# In[8]:


def run_dump(seed):
    acts, w, labels = make_table(seed)
    x = put(jnp.asarray(acts), P("batch", "hidden"))
    wp = put(jnp.asarray(w), P())
    with cell_time("score_and_dump"):
        scores, table = scorer(x, wp)
    cm = record("confusion", confusion(scores, labels))
    record("dump", table)
    return scores, cm


# In[ ]:


def inputs():
    return (1,)


def main(seed):
    scores, cm = run_dump(seed)
    display(cm)
    summarize()
    return scores


if __name__ == "__main__":
    main(*inputs())
