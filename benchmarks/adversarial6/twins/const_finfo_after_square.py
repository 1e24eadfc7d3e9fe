"""r ** 2 drops the reduced state (run on 0.10.2), so adding np.finfo(...).eps is fine."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS = np.finfo(np.float32).eps


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        sq = r * r
        return sq + EPS
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
