"""NNX-style `Variable` boxes made pytree nodes by `register_pytree_node` with two lambdas (the
class travels in the aux data, the metadata too); a tree of boxes holding PartitionSpecs is
the body's in_specs, and the body reads the box's `.value`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Variable:
    def __init__(self, value, sharding=None):
        self.value, self.sharding = value, sharding

    def replace(self, value):
        return type(self)(value, self.sharding)


class Param(Variable):
    pass


for _cls in (Variable, Param):
    jax.tree_util.register_pytree_node(
        _cls, lambda v: ((v.value,), (type(v), v.sharding)), lambda aux, ch: aux[0](ch[0], aux[1]))


def specs(tree):
    return {k: v.replace(P(*v.sharding)) for k, v in tree.items()}


def step(params, x):
    energy = jnp.sum(params["w"].value * x)
    return jax.lax.psum(energy, ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"w": Param(np.ones((8, 8), np.float32), sharding=("data", None))}
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, specs(params),
                          is_leaf=lambda s: isinstance(s, P))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(step, mesh=mesh, in_specs=(specs(params), P("data", None)), out_specs=P())(placed, x)


if __name__ == "__main__":
    main()
