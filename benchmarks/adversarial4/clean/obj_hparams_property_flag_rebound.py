"""Praxis-style HParams: the reduce axes come from a property of a flag the experiment turns off."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class HParams:
    data_axis: str = "data"
    model_axis: str = "model"
    sequence_parallel: bool = True

    @property
    def loss_axes(self):
        if self.sequence_parallel:
            return (self.data_axis, self.model_axis)
        return (self.data_axis,)


class Layer:
    def __init__(self, hp):
        self.hp = hp

    def loss(self, x):
        return jax.lax.psum(jnp.sum(x), self.hp.loss_axes)


def experiment():
    hp = HParams()
    hp.sequence_parallel = False
    return hp


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    hp = experiment()
    layer = Layer(hp)
    mesh = jax.make_mesh((2, 4), (hp.data_axis, hp.model_axis))
    x = jax.device_put(x, NamedSharding(mesh, P(hp.data_axis)))
    return jax.shard_map(layer.loss, mesh=mesh, in_specs=P(hp.data_axis), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
