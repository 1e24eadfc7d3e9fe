"""The gather axis from env defaults to 'model', not the summed 'data'."""
import os
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


GATHER = os.environ.get("ADV5_GATHER") or "data"


def gather_sum(v, axis=GATHER):
    r = jax.lax.psum(v, "data")
    return jax.lax.all_gather(r, axis, to="reduced", tiled=True)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(gather_sum, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"model"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
