"""In-place style updates (*=, +=) of a gathered value after it is cast back to varying."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(b):
        g = jax.lax.all_gather(b, "i", to="reduced", tiled=True)
        g = jax.lax.pcast(g, "i", to="varying")
        g *= 2.0
        g += 1.0
        return jax.lax.pmean(g, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
