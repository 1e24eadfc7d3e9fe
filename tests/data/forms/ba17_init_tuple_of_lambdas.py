"""A tuple of lambdas stored in `__init__`; the second reads the finished object's scale and meets
the value the first gathered to reduced."""
import jax
from jax.sharding import PartitionSpec as P


class Stack:
    def __init__(self, scale=0.5):
        self.scale = scale
        self.stages = (lambda v: jax.lax.all_gather(v, "j", axis=1, tiled=True, to="reduced"),
                       lambda v: v * self.scale)  # SF106

    def __call__(self, x):
        for stage in self.stages:
            x = stage(x)
        return x


def run(mesh, x):
    return jax.shard_map(Stack(), mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
