"""Writing a .ply: every Gaussian attribute is brought to a replicated host layout."""
import functools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ATTRIBUTES = ("means", "scales", "opacities")
TRAIN_SPEC = P("gaussians", None)
PLY_SPEC = P(None, None)

to_host = functools.partial(top_level_all_gather, out_sharding=PLY_SPEC)


def export_ply(splats, mesh):
    splats = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, TRAIN_SPEC)), splats)
    with jax.set_mesh(mesh):
        return jax.tree.map(to_host, splats)


def inputs():
    rng = np.random.default_rng(33)
    return ({name: rng.normal(size=(32, 3)).astype(np.float32) for name in ATTRIBUTES},)


def main(splats):
    mesh = jax.make_mesh((4, 2), ("gaussians", "views"))
    return export_ply(splats, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
