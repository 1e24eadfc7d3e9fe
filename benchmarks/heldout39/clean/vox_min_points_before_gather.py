import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOXEL_CFG = {"min_points": 2.0, "grid_axis": "grid", "scene_axis": "scene"}


def inputs():
    return (np.random.default_rng(105).poisson(2.0, size=(4, 16)).astype(np.float32),)


def main(counts, cfg=VOXEL_CFG):
    mesh = jax.make_mesh((2, 4), (cfg["scene_axis"], cfg["grid_axis"]))
    counts = jax.device_put(counts, NamedSharding(mesh, P(cfg["scene_axis"], cfg["grid_axis"])))
    gather = lambda c: jax.lax.all_gather(c, cfg["grid_axis"], axis=1, tiled=True, to="reduced")
    any_full = jax.shard_map(
        lambda c: jnp.max(gather((c >= cfg["min_points"]).astype(jnp.float32)), axis=-1),
        mesh=mesh,
        in_specs=P(cfg["scene_axis"], cfg["grid_axis"]),
        out_specs=P(cfg["scene_axis"]),
    )(counts)
    print(any_full)
    return any_full


if __name__ == "__main__":
    main(*inputs())
