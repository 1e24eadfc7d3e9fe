"""Iterative averaging: the first pass casts the model axis, later passes start invariant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), 3


def main(x, n_rounds):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block):
        est = jnp.mean(block, axis=0)
        for r in range(n_rounds):
            if r == 0:
                # varying on data, invariant on model: make it one state before the tuple psum
                est = jax.lax.pcast(est, "model", to="varying")
            est = jax.lax.psum(est, ("data", "model")) / 8.0
        return est

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
