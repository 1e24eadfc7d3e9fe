"""A gradient-accumulation buffer: `__init__` stores a jitted zero-init laid out by a class
attribute, and other methods only update the field in place by arithmetic with arrays laid out
alike (`self.buf = self.buf + g`) or numbers (`self.buf *= 0.5`): it keeps that layout."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Accumulator:
    layout = P(("i", "j"), None)
    view = P("j", None, reduced={"i"})

    def __init__(self, mesh, shape):
        zeros = jax.jit(lambda: jnp.zeros(shape), out_shardings=NamedSharding(mesh, self.layout))
        self.buf = zeros()

    def add(self, g):
        self.buf = self.buf + g
        return self

    def average(self):
        self.buf *= 0.5

    def inspect(self):
        return top_level_all_gather(self.buf, self.view)  # SF104


def main(mesh, x):
    with jax.set_mesh(mesh):
        acc = Accumulator(mesh, (8, 8))
        for _ in range(2):
            acc.add(jax.device_put(x, NamedSharding(mesh, Accumulator.layout)))
        acc.average()
        return acc.inspect()
