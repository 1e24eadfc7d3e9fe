"""A Keras-style layer builds lazily on its first call: `build(inputs.shape)` stores
`self.features = input_shape[-1]`, a host int, so the mean divided by it stays invariant after
the psum and its reduced gather fails."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Layer:
    def __init__(self):
        self.built = False

    def build(self, input_shape):
        self.built = True

    def __call__(self, inputs):
        if not self.built:
            self.build(inputs.shape)
        return self.call(inputs)


class Norm(Layer):
    def build(self, input_shape):
        self.features = input_shape[-1]
        super().build(input_shape)

    def call(self, inputs):
        n = self.features * jax.lax.axis_size("j")
        mean = jax.lax.psum(jnp.sum(inputs, axis=-1, keepdims=True), "j") / n
        return jax.lax.all_gather(mean, "j", axis=1, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(Norm(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
