import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

@jax.tree_util.register_pytree_node_class
class Names:
    def __init__(self, dp, tp):
        self.dp, self.tp = dp, tp
    def tree_flatten(self):
        return (self.dp, self.tp), None
    @classmethod
    def tree_unflatten(cls, aux, ch):
        return cls(*ch)
n = jax.tree.map(str.lower, Names("DATA", "MODEL"))
AXES = (n.dp, n.tp)
DATA, MODEL = AXES


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
