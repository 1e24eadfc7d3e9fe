"""psum(g, 'i') is accepted (g is reduced on j only), then cast back."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    g = jax.lax.all_gather(block, "j", to="reduced", tiled=True)
    rowsum = jax.lax.psum(g, "i")
    rowsum = jax.lax.pcast(rowsum, "j", to="varying")
    return jax.lax.psum(rowsum, "j")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
