"""A method of one mixin scales a gathered value by a field the combining class sets in __init__."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class LogitsMixin:
    def logits(self, x, gathered):
        scaled = gathered * self.temperature  # SF106
        return x @ scaled.T


class NormMixin:
    def norm(self, v):
        return jnp.sqrt((v * v).sum())


class Loss(LogitsMixin, NormMixin):
    axis = "i"

    def __init__(self, temperature=10.0):
        self.temperature = temperature

    def __call__(self, x):
        gathered = jax.lax.all_gather(x, self.axis, tiled=True, to="reduced")
        return self.logits(x, gathered)


def main(mesh, x):
    return jax.shard_map(Loss(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
