"""grad through psum over j of block: the cotangent varies on i and j."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    total = jax.lax.psum(block, ("i", "j"))
    g = jax.grad(lambda b: jax.lax.psum(b, "j").sum())(block)
    return jax.lax.psum(g, ("i", "j")).sum()


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
