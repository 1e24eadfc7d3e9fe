"""The scales of kd3 from `np.geomspace(0, 1, n)`: a geometric sequence cannot start at zero, so
NumPy raises ValueError before any block is scaled."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    blocks = tuple(jax.lax.all_gather(jnp.tanh(x * (i + 1)), "data", axis=0, tiled=True, to="reduced") for i in range(3))
    scales = np.geomspace(0, 1, len(blocks))
    scaled = tuple(b * s for b, s in zip(blocks, scales))
    return scaled[0]


def main():
    mesh = jax.make_mesh((8,), ("data",))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
