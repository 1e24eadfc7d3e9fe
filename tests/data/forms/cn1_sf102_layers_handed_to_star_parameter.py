"""Layers handed one by one to a container's star parameter (`Sequential(a, b, c)` into
`*layers`, stored as `list(layers)`) and called in a loop: the first gather makes the value
reduced on 'i', so the second one, over ('i', 'j'), takes an input reduced on one of its axes.
One line of `Gather.__call__` serves both layers; only the second call fails."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axes, dim=0):
        self.axes, self.dim = axes, dim

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=self.dim, to="reduced", tiled=True)  # SF102


class Activation:
    def __init__(self, fn=jnp.tanh):
        self.fn = fn

    def __call__(self, x):
        return self.fn(x)


class Sequential:
    def __init__(self, *layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    def body(x):
        head = Sequential(Gather("i"), Activation(), Gather(("i", "j"), dim=1))
        return head(x)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
