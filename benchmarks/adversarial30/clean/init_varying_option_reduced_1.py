"""An initializer whose option varies on i and j (the key is invariant): the reduced gather over i passes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    total = jax.lax.psum(block, ("i", "j"))
    w = jax.nn.initializers.uniform(block[0, 0])(jax.random.key(0), (2, 2))
    g = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")
    return jax.lax.psum(jax.lax.pcast(g, "i", to="varying"), ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
