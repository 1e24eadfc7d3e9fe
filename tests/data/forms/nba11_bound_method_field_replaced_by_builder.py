"""The bound method `__init__` stores is replaced by a builder method that returns the object:
the body calls the identity the builder set."""
import jax
from jax.sharding import PartitionSpec as P


class Block:
    def __init__(self, scale=2.0):
        self.scale = scale
        self.act = self._scaled

    def _scaled(self, v):
        return v * self.scale

    def linear(self):
        self.act = lambda v: v
        return self

    def __call__(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.act(full)


def run(mesh, x):
    return jax.shard_map(Block().linear(), mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
