"""np.sqrt of a constant scales the block BEFORE the reduced gather (the reduced value meets no constant)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = np.sqrt(2.0)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        scaled = block * SCALE
        r = jax.lax.all_gather(scaled, "data", to="reduced", tiled=True)
        return r
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
