"""psum over one env axis, reduced gather over another; their defaults differ."""
import os
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SUM_AXIS = os.environ.get("ADV5_SUM_AXIS", "data")
GATHER_AXIS = os.environ.get("ADV5_GATHER_AXIS", "data")


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.psum(block, SUM_AXIS)
        return jax.lax.all_gather(r, GATHER_AXIS, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={GATHER_AXIS}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
