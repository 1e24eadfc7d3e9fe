"""The loss book is built and given a first entry in `main`, before the body is traced; the body
adds a loss computed from a reduced gather, but `first()` reads the entry `main` stored, a
closed-over zero, which psum accepts. The book the body reads was not built by the body."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class LossBook:
    def __init__(self, axis):
        self.axis = axis
        self.entries = {}

    def add(self, name, value):
        self.entries[name] = value

    def first(self):
        values = list(self.entries.values())
        return values[0]


def main(mesh, x):
    book = LossBook("j")
    book.add("warm", jnp.zeros(()))

    def step(x):
        pooled = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        book.add("pooled", jnp.sum(pooled * pooled))
        return jnp.reshape(jax.lax.psum(book.first(), "j"), (1,))

    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
