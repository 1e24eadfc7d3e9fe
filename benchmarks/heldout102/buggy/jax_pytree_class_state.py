"""Optimizer state as a class registered with jax.tree_util.register_pytree_node_class."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_pytree_node_class
class Moments:
    def __init__(self, mu, nu, gather_axes=("model",)):
        self.mu, self.nu, self.gather_axes = mu, nu, gather_axes

    def tree_flatten(self):
        return (self.mu, self.nu), self.gather_axes

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, gather_axes=aux)

    def gathered(self, dim):
        return jax.tree.map(lambda m: jax.lax.all_gather(m, self.gather_axes, axis=dim, tiled=True, to="reduced"), self)


def body(state):
    cols = state.gathered(1)
    full = Moments(cols.mu, cols.nu, gather_axes=("data", "model"))
    return full.gathered(0)


def inputs():
    rng = np.random.default_rng(50)
    return tuple(rng.normal(size=(16, 8)).astype(np.float32) for _ in range(2))


def main(mu, nu):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    s = NamedSharding(mesh, P("data", "model"))
    state = Moments(jax.device_put(mu, s), jax.device_put(nu, s))
    out = P(None, None, reduced={"data", "model"})
    fn = jax.shard_map(body, mesh=mesh, in_specs=(Moments(P("data", "model"), P("data", "model")),),
                       out_specs=Moments(out, out, gather_axes=("data", "model")))
    return fn(state)


if __name__ == "__main__":
    main(*inputs())
