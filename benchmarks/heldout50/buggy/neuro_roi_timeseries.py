"""Atlas ROI time series extraction, gathered for a connectivity matrix (config from TOML)."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = tomllib.loads("""
[mesh]
shape = [2, 4]
axes = ["subject", "voxel"]

[connectivity]
gather_axes = ["subject", "voxel"]
n_rois = 6
""")


def roi_means(bold, labels, n_rois):
    oh = jax.nn.one_hot(labels, n_rois)
    return jnp.einsum("stv,vr->str", bold, oh)


def connectivity_input(bold, labels, cfg=CONFIG):
    subject_axis, voxel_axis = cfg["mesh"]["axes"]
    ts = roi_means(bold, labels, cfg["connectivity"]["n_rois"])
    ts = jax.lax.all_gather(ts, voxel_axis, axis=2, tiled=True, to="reduced")
    return jax.lax.all_gather(ts, tuple(cfg["connectivity"]["gather_axes"]), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    bold = rng.normal(size=(4, 10, 64)).astype(np.float32)
    labels = rng.integers(0, CONFIG["connectivity"]["n_rois"], size=(64,)).astype(np.int32)
    return bold, labels


def main(bold, labels, cfg=CONFIG):
    subject_axis, voxel_axis = cfg["mesh"]["axes"]
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), (subject_axis, voxel_axis))
    bold = jax.device_put(bold, NamedSharding(mesh, P(subject_axis, None, voxel_axis)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(voxel_axis)))
    f = jax.shard_map(connectivity_input, mesh=mesh,
                      in_specs=(P(subject_axis, None, voxel_axis), P(voxel_axis)),
                      out_specs=P(None, None, None, reduced={subject_axis, voxel_axis}))
    return f(bold, labels)


if __name__ == "__main__":
    main(*inputs())
