"""NNX-style `Rngs` made under `jax.set_mesh` (Explicit axes): keys from `jax.random.key`, each
draw from `fold_in(key, count)`; the parameters JAX draws there are replicated on the mesh, so
they enter a body whose in_specs shard nothing."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Rngs:
    def __init__(self, seed):
        self.key, self.count = jax.random.key(seed), 0

    def next(self):
        self.count += 1
        return jax.random.fold_in(self.key, self.count)


def axes():
    yield "data"
    yield "model"


def main():
    names = list(axes())
    mesh = jax.make_mesh((2, 4), names)
    with jax.set_mesh(mesh):
        rngs = Rngs(0)
        w = 1.0 + 0.1 * jax.random.normal(rngs.next(), (8, 8))
        b = jnp.zeros((8,))

        def body(w, b, x):
            energy = jnp.sum(x @ w + b)
            return jax.lax.psum(energy, tuple(names))  # SF105

        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(names[0], None)))
        return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(), P(names[0], None)), out_specs=P())(w, b, x)


if __name__ == "__main__":
    main()
