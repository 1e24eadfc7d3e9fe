import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class Block:
    def apply(self, h):
        g = lax.all_gather(h, "i", axis=0, tiled=True, to="reduced")
        return g * 2.0  # reached elsewhere by Child().apply: its states there are not known


class Child(Block):
    pass


class Model:
    def __init__(self):
        self.block = Block()

    def apply(self, x):
        return self.block.apply(jnp.tanh(x))


HANDLERS = {"child": Child().apply}


def run(mesh, x):
    model = Model()
    step = jax.shard_map(model.apply, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return step(x)
