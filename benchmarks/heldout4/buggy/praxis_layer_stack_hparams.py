"""A praxis-like layer stack: every layer is built from an HParams object that names its mesh
axes; the norm layer keeps running statistics synchronised over the data axis."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class WeightSharding:
    data_axis: str = "replica"
    mdl_axis: str = "mdl"


@dataclasses.dataclass
class LayerHParams:
    name: str
    dim: int
    sharding: WeightSharding = dataclasses.field(default_factory=WeightSharding)


class StackedNormLayer:
    def __init__(self, hparams: LayerHParams):
        self.hparams = hparams

    def fprop(self, x):
        axis = self.hparams.sharding.data_axis
        sq = jnp.sum(x * x, axis=0, keepdims=True)
        sq = lax.psum(sq, axis)
        stats = lax.all_gather(sq, axis, axis=0, tiled=True, to="reduced")
        return stats


class LayerStack:
    def __init__(self, hparams_list):
        self.layers = [StackedNormLayer(hp) for hp in hparams_list]

    def fprop(self, x):
        outs = [layer.fprop(x) for layer in self.layers]
        return outs[-1]


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8) / 100.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("replica", "mdl"))
    stack = LayerStack([LayerHParams(name=f"norm_{i}", dim=8) for i in range(2)])
    x = jax.device_put(x, NamedSharding(mesh, P("replica", "mdl")))
    step = jax.shard_map(stack.fprop, mesh=mesh, in_specs=P("replica", "mdl"),
                         out_specs=P(None, "mdl", reduced={"replica"}))
    return jax.jit(step)(x)


if __name__ == "__main__":
    print(main(*inputs()))
