"""all_gather(g, 'i', to='reduced'): g varies on i, reduced on j: accepted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
    both = jax.lax.all_gather(g, "i", to="reduced", tiled=True)
    both = jax.lax.pcast(both, ("i", "j"), to="varying")
    return jax.lax.psum(both, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
