"""Equinox-style dataclass modules whose axis field default is replaced by the constructor."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Linear:
    w: jax.Array
    reduce_axes: tuple = ("batch", "model")

    def __call__(self, x):
        return x @ self.w


@dataclasses.dataclass
class Model:
    layers: list
    loss_axes: tuple = ("batch", "model")

    def loss(self, x):
        for layer in self.layers:
            x = jnp.tanh(layer(x))
        return jax.lax.pmean(jnp.mean(x ** 2), self.loss_axes)


def inputs():
    rng = np.random.default_rng(8)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(4, 4)).astype(np.float32)


def main(x, w):
    mesh = jax.make_mesh((4, 2), ("batch", "model"))
    model = Model([Linear(jnp.asarray(w), reduce_axes=("batch",)), Linear(jnp.eye(4))], loss_axes=("batch",))
    x = jax.device_put(x, NamedSharding(mesh, P("batch")))
    return jax.shard_map(model.loss, mesh=mesh, in_specs=P("batch"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
