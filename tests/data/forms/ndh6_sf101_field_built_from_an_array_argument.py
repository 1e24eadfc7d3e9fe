"""Near miss of dh6: `build` is also given an array (`layer.build(scale)`), so the stored
`input_shape[-1]` may be a row of a varying array: the divided mean is not known to be invariant
(no error: the scale varies over 'j', and so does the mean)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Norm:
    def __init__(self):
        self.built = False

    def build(self, input_shape):
        self.features = input_shape[-1]
        self.built = True

    def __call__(self, inputs):
        if not self.built:
            self.build(inputs.shape)
        n = self.features * jax.lax.axis_size("j")
        mean = jax.lax.psum(jnp.sum(inputs, axis=-1, keepdims=True), "j") / n
        return jax.lax.all_gather(mean, "j", axis=1, tiled=True, to="reduced")


def main(mesh, x):
    def body(v):
        layer = Norm()
        layer.build(v)
        return layer(v)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
