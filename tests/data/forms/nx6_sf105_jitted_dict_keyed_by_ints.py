"""An nnx.jit-like wrapper hands `jax.jit` a dict keyed by argument positions (`{i: state}`):
JAX flattens it in key order, as a dict of strs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def axes():
    yield "data"
    yield "model"


def main():
    names = list(axes())
    mesh = jax.make_mesh((2, 4), names)
    specs = {1: P(names[1], None), 0: P(names[0], None)}
    params = {i: jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, s)) for i, s in specs.items()}

    def body(ps):
        return jax.lax.psum(jnp.sum(ps[1]), ("data", "model"))  # SF105

    def pure(ps):
        return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(ps)

    return jax.jit(pure)(params)


if __name__ == "__main__":
    main()
