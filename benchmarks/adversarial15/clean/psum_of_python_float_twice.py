"""psum of a Python float is a Python float (times the axis size): summing it again is fine."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    total = jax.lax.psum(block, ("i", "j"))
    scale = jax.lax.psum(1.0, "j")
    scale = jax.lax.psum(scale, ("i", "j"))
    return jax.lax.psum(total, ("i", "j")) * scale


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
