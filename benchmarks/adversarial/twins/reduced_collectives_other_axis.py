"""A value reduced on 'i' fed to pmax and ppermute over 'j', where it still varies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    ring = [(k, (k + 1) % 4) for k in range(4)]

    def body(b):
        g = jax.lax.all_gather(b, "i", to="reduced", tiled=True)
        shifted = jax.lax.ppermute(g, "j", ring)
        peak = jax.lax.pmax(g, "i")
        return shifted, peak

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=(P(None, "j", reduced={"i"}), P(None, None, reduced={"i"})))(x)


if __name__ == "__main__":
    print(main(*inputs()))
