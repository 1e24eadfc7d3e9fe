"""Sum over 'i', then gather to reduced over 'j', on which the sum still varies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        col_sums = jax.lax.psum(jnp.sum(v, axis=0, keepdims=True), "i")
        return jax.lax.all_gather(col_sums, "i", axis=1, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"j"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
