"""A row-parallel Dense layer with an L2 activity regularizer that adds to the layer's losses."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class L2:
    def __init__(self, l2=0.01, axis_names=("batch", "model")):
        self.l2 = l2
        self.axis_names = tuple(axis_names)

    def __call__(self, activations):
        return self.l2 * jax.lax.pmean(jnp.sum(activations * activations), self.axis_names)

    def get_config(self):
        return {"l2": self.l2, "axis_names": list(self.axis_names)}


class Layer:
    def __init__(self, activity_regularizer=None, name=None):
        self.activity_regularizer = activity_regularizer
        self.name = name or type(self).__name__.lower()
        self.losses = []

    def add_loss(self, value):
        self.losses.append(value)

    def __call__(self, *args):
        self.losses = []
        outputs = self.call(*args)
        if self.activity_regularizer is not None:
            self.add_loss(self.activity_regularizer(outputs))
        return outputs


class RowParallelDense(Layer):
    def __init__(self, units, axis_name="model", **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.axis_name = axis_name

    def call(self, x, kernel):
        return jax.lax.psum(x @ kernel, self.axis_name)


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(x, kernel):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    layer = RowParallelDense(4, activity_regularizer=L2(l2=1e-3), name="proj")

    def forward(x, kernel):
        outputs = layer(x, kernel)
        return outputs, sum(layer.losses)

    x = jax.device_put(x, NamedSharding(mesh, P("batch", "model")))
    kernel = jax.device_put(kernel, NamedSharding(mesh, P("model", None)))
    outputs, reg = jax.shard_map(forward, mesh=mesh, in_specs=(P("batch", "model"), P("model", None)),
                                 out_specs=(P("batch", None), P()))(x, kernel)
    return outputs, reg


if __name__ == "__main__":
    print(main(*inputs()))
