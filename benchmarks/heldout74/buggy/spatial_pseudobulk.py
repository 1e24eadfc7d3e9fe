"""Pseudobulk per spot tile through a small stage pipeline (library size, log-normalise,
collect), as configured in STAGES.

    python spatial_pseudobulk.py
"""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = 4                 # spots on a GRID x (N_SPOTS // GRID) array
N_SPOTS = 16
N_GENES = 8
N_TYPES = 4
SPOT_AXIS = "spots"
GENE_AXIS = "genes"
AXES = (SPOT_AXIS, GENE_AXIS)


# ===================== utils (copied from spatial_utils.py) =====================
def visium_like(seed=0):
    rng = np.random.default_rng(seed)
    yy, xx = np.divmod(np.arange(N_SPOTS), GRID)
    pattern = np.sin(xx / 2.0)[:, None] + np.cos(yy / 2.0)[:, None] * np.linspace(0, 1, N_GENES)[None]
    return rng.poisson(np.exp(pattern + 1.0)).astype(np.float32), np.stack([xx, yy], 1).astype(np.float32)


def knn_adjacency(coords, k=4):
    d = ((coords[:, None] - coords[None]) ** 2).sum(-1)
    idx = np.argsort(d, axis=1)[:, 1 : k + 1]
    adj = np.zeros((len(coords), len(coords)), np.float32)
    np.put_along_axis(adj, idx, 1.0, axis=1)
    return adj


def spatial_mesh():
    return jax.make_mesh((4, 2), AXES)


def on_mesh(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


gather_spots = functools.partial(jax.lax.all_gather, axis_name=SPOT_AXIS, axis=0, tiled=True, to="reduced")
# ===============================================================================

CONFIG = {"target_sum": 100.0, "collect_axis": GENE_AXIS}


def stage_library_size(state):
    state["lib"] = jax.lax.psum(state["x"].sum(axis=1, keepdims=True), GENE_AXIS)
    return state


def stage_log_normalise(state):
    state["x"] = jnp.log1p(state["x"] / state["lib"] * CONFIG["target_sum"])
    return state


def stage_collect(state):
    state["lib"] = jax.lax.all_gather(state["lib"], CONFIG["collect_axis"], axis=0, tiled=True, to="reduced")
    return state


STAGES = [stage_library_size, stage_log_normalise, stage_collect]


def pipeline(x):
    state = {"x": x}
    for stage in STAGES:
        state = stage(state)
    return state["x"], state["lib"]


def main(x):
    mesh = spatial_mesh()
    x = on_mesh(x, mesh, P(*AXES))
    xn, lib = jax.shard_map(pipeline, mesh=mesh, in_specs=P(*AXES),
                            out_specs=(P(*AXES), P(SPOT_AXIS, None, reduced={CONFIG["collect_axis"]})))(x)
    print("normalised", np.asarray(xn).sum())
    return xn


def inputs():
    return (visium_like(seed=5)[0],)


if __name__ == "__main__":
    main(*inputs())
