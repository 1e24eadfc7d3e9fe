import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOXEL_CFG = {"min_points": 2.0, "grid_axis": "grid", "scene_axis": "scene"}


def inputs():
    rng = np.random.default_rng(15)
    return (rng.poisson(2.0, size=(4, 16)).astype(np.float32),)


def main(counts, cfg=VOXEL_CFG):
    mesh = jax.make_mesh((2, 4), (cfg["scene_axis"], cfg["grid_axis"]))
    counts = jax.device_put(counts, NamedSharding(mesh, P(cfg["scene_axis"], cfg["grid_axis"])))
    gather = lambda c: jax.lax.all_gather(c, cfg["grid_axis"], axis=1, tiled=True, to="reduced")
    occupied = jax.shard_map(
        lambda c: jnp.sum(gather(c) >= cfg["min_points"], axis=-1),
        mesh=mesh,
        in_specs=P(cfg["scene_axis"], cfg["grid_axis"]),
        out_specs=P(cfg["scene_axis"]),
    )(counts)
    print(occupied)
    return occupied


if __name__ == "__main__":
    main(*inputs())
