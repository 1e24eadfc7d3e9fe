"""A loop gathers over 'i' to varying, then over 'j' to reduced: only 'j' ends reduced."""
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
        g = v
        for k, ax in enumerate(("i", "j")):
            g = jax.lax.all_gather(g, ax, axis=k, to="reduced" if k == 1 else "varying", tiled=True)
        return jax.lax.psum(g, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"j"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
