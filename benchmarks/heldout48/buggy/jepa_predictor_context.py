"""V-JEPA predictor: context tokens are joined over tube shards, then collected from every device
for the predictor's cross-attention keys."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    fsdp: str = "fsdp"
    tube: str = "tube"


AXES = MeshAxes()


class Predictor:
    def __init__(self, axes: MeshAxes = AXES):
        self.axes = axes

    def context(self, tokens):
        return jax.lax.all_gather(tokens, axis_name=self.axes.tube, axis=1, tiled=True, to="reduced")

    def keys(self, tokens):
        ctx = self.context(tokens)
        return jax.lax.all_gather(ctx, axis_name=tuple(self.axes), axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(61).normal(size=(8, 16, 4)).astype(np.float32),)


def main(tokens):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(*AXES, None)))
    pred = Predictor()
    return jax.shard_map(pred.keys, mesh=mesh, in_specs=P(*AXES, None),
                         out_specs=P(None, None, None, reduced=set(AXES)))(tokens)


if __name__ == "__main__":
    main(*inputs())
