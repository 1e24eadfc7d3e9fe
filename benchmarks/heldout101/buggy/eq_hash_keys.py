"""Logical axes with __eq__/__hash__ by name are dict keys of the logical->mesh rules."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Logical:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Logical) and other.name == self.name

    def __hash__(self):
        return hash(("logical", self.name))


RULES = {Logical("embed"): "data", Logical("mlp"): "model"}


def mesh_spec(*logical):
    return P(*(RULES.get(Logical(n)) for n in logical))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, mesh_spec("embed", "mlp")))
        full = top_level_all_gather(w, mesh_spec("vocab", "mlp"))
    return full


if __name__ == "__main__":
    main()
