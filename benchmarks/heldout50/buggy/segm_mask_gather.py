"""Collect label masks from all devices for a connected-component post-processing step."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

POSTPROC = {
    "mesh_shape": (2, 4),
    "axes": ("case", "vox"),
    "min_component_size": 10,
}


def mesh_from(cfg):
    return jax.make_mesh(cfg["mesh_shape"], cfg["axes"])


def gather_masks(masks, cfg=POSTPROC):
    case_axis, vox_axis = cfg["axes"]
    return top_level_all_gather(masks, P(case_axis, None, reduced={vox_axis}))


def inputs():
    rng = np.random.default_rng(23)
    return ((rng.uniform(size=(8, 64)) > 0.5).astype(np.int32),)


def main(masks):
    mesh = mesh_from(POSTPROC)
    masks = jax.device_put(masks, NamedSharding(mesh, P(*POSTPROC["axes"])))
    full = gather_masks(masks)
    return full


if __name__ == "__main__":
    main(*inputs())
