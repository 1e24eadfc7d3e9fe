"""The reduced gather runs over the axis main is given ('model'), not the summed 'data'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return ("data", np.arange(128, dtype=np.float32).reshape(8, 16))


def main(axis, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.psum(block, "data")
        return jax.lax.all_gather(r, axis, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"model"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
