"""Parameters drawn inside a jitted init under `jax.set_mesh`: their layout is not followed
there, so the body is not entered by the run (JAX runs it: the sum is over the axes the energy
varies on)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init(key):
    return 1.0 + 0.1 * jax.random.normal(jax.random.fold_in(key, 1), (8, 8))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        w = jax.jit(init)(jax.random.key(0))

        def body(w, x):
            energy = jnp.sum(x @ w)
            return jax.lax.psum(energy, "data")

        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
        return jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data", None)), out_specs=P())(w, x)


if __name__ == "__main__":
    main()
