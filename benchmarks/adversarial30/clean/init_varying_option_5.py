"""The initializer's array varies where its option does (i and j), not only where the key does (i)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "j")
    total = jax.lax.psum(block, ("i", "j"))
    key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("i"))
    init = jax.nn.initializers.normal(1.0 + block[0, 0])
    w = init(key, (2, 2))
    return jax.lax.psum(w, ("i", "j"))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
