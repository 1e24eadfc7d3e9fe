"""Gradient sync with a per-leaf axes tree: each leaf reduced over the axes it is split on."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"embed": P("data", "model"), "norm": P("data")}
SYNC = {"embed": ("data", "model"), "norm": ("data",)}


def inputs():
    return {"embed": np.ones((8, 8), np.float32), "norm": np.ones((8,), np.float32)},


def main(grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    grads = jax.tree.map(lambda g, s: jax.device_put(g, NamedSharding(mesh, s)), grads, SPECS)

    def body(g):
        sums = jax.tree.map(jnp.sum, g)
        return jax.tree.map(lambda v, ax: jax.lax.psum(v, ax), sums, SYNC,
                            is_leaf=lambda t: isinstance(t, tuple))

    return jax.shard_map(body, mesh=mesh, in_specs=(SPECS,), out_specs=P())(grads)


if __name__ == "__main__":
    print(main(*inputs()))
