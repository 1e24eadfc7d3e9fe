"""A loss book built in the body keeps its losses in a dict field filled by item stores
(`self.entries[name] = value` in `add`) and totals them: the total reads what the two `add`
calls stored, losses computed from a reduced gather."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class LossBook:
    def __init__(self, axis):
        self.axis = axis
        self.entries = {}

    def add(self, name, value):
        self.entries[name] = value

    def total(self):
        values = list(self.entries.values())
        total = values[0]
        for v in values[1:]:
            total = total + v
        return jax.lax.psum(total, self.axis)  # SF103


def main(mesh, x):
    def step(x):
        pooled = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        book = LossBook("j")
        book.add("square", jnp.sum(pooled * pooled))
        book.add("l1", jnp.sum(jnp.abs(pooled)))
        return jnp.reshape(book.total(), (1,))

    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
