import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def scaled_bbox(points, scale, *, axis="shard"):
    full = jax.lax.all_gather(points, axis, axis=1, tiled=True, to="reduced")
    scaled = full * scale[:, None, :]
    return jnp.max(scaled, axis=1) - jnp.min(scaled, axis=1)


def inputs():
    rng = np.random.default_rng(65)
    points = rng.normal(size=(4, 32, 3)).astype(np.float32)
    scale = rng.uniform(0.8, 1.25, size=(4, 3)).astype(np.float32)
    return points, scale


def main(points, scale):
    mesh = jax.make_mesh((2, 4), ("host", "shard"))
    points = jax.device_put(points, NamedSharding(mesh, P("host", "shard", None)))
    scale = jax.device_put(scale, NamedSharding(mesh, P("host", None)))
    box = jax.shard_map(
        scaled_bbox, mesh=mesh, in_specs=(P("host", "shard", None), P("host", None)), out_specs=P("host", None)
    )(points, scale)
    print(box)
    return box


if __name__ == "__main__":
    main(*inputs())
