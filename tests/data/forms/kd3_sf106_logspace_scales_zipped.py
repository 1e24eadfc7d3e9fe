"""Guidance scales from `np.logspace(-1, 0, n)`: as many as asked for, so zipping them with the
gathered blocks multiplies each reduced block by a host scalar, which raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    blocks = tuple(jax.lax.all_gather(jnp.tanh(x * (i + 1)), "data", axis=0, tiled=True, to="reduced") for i in range(3))
    scales = np.logspace(-1, 0, len(blocks))
    scaled = tuple(b * s for b, s in zip(blocks, scales))  # SF106
    return scaled[0]


def main():
    mesh = jax.make_mesh((8,), ("data",))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
