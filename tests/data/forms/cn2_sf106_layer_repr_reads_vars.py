"""A layer base whose `__repr__` walks `vars(self).items()` to print the fields: the live dict
is only read there, so the fields the constructor set stay known, and the mean divides a value
gathered to 'reduced' over 'j'."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"


class GatheredNorm(Layer):
    def __init__(self, gather_axis, to="reduced"):
        self.gather_axis, self.to = gather_axis, to

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.gather_axis, axis=1, to=self.to, tiled=True)
        return h.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    norm = GatheredNorm("j")
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
