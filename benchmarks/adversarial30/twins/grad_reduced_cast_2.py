"""grad of a loss through w = all_gather(p, 'i', to='reduced') (form 2): the cotangent comes back unreduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    total = jax.lax.psum(block, ("i", "j"))
    def loss(p):
        w = jax.lax.all_gather(p, "i", axis=0, tiled=True, to="reduced")
        return jnp.sum(jnp.sum(w) + p)
    g = jax.grad(loss)(block)
    return jax.lax.psum(jax.lax.psum(g, "j"), ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
