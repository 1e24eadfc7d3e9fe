"""A projection with jnp.dot of differently sharded operands, averaged over 'j' and then gathered
reduced over the same axis."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Projection:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x, w):
        y = jax.lax.pmean(jnp.dot(x, w), self.axis)
        return jax.lax.all_gather(y, self.axis, axis=1, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    fn = jax.shard_map(Projection("j"), mesh=mesh, in_specs=(P("i", None), P(None, "j")),
                       out_specs=P("i", None, reduced={"j"}))
    return fn(x, x)
