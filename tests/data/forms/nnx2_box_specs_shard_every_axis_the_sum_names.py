"""Boxes registered by hand with two lambdas, their specs a tree of boxes: the box shards its
value over both axes the psum names, so the sum is legal (JAX runs it)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Variable:
    def __init__(self, value, sharding=None):
        self.value, self.sharding = value, sharding

    def replace(self, value):
        return type(self)(value, self.sharding)


jax.tree_util.register_pytree_node(
    Variable, lambda v: ((v.value,), (type(v), v.sharding)), lambda aux, ch: aux[0](ch[0], aux[1]))


def specs(tree):
    return {k: v.replace(P(*v.sharding)) for k, v in tree.items()}


def step(params, x):
    energy = jnp.sum(params["w"].value * x)
    return jax.lax.psum(energy, ("data", "model"))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"w": Variable(np.ones((8, 8), np.float32), sharding=("data", "model"))}
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, specs(params),
                          is_leaf=lambda s: isinstance(s, P))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(step, mesh=mesh, in_specs=(specs(params), P("data", "model")), out_specs=P())(placed, x)


if __name__ == "__main__":
    main()
