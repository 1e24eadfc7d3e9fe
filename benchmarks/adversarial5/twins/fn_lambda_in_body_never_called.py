"""A lambda defined inside the body would fail, but nothing calls it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        wrong = lambda v: jax.lax.all_gather(jax.lax.psum(v, "data"), "data", to="reduced")
        wrong(block)
        return jax.lax.psum(block.sum(axis=0), "data")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
