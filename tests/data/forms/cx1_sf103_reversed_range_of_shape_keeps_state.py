"""Returns accumulated right-to-left over a gathered table: `reversed(range(n))` of a length read
from a shape yields Python numbers, so each round adds a column in the table's own state."""
import jax
from jax.sharding import PartitionSpec as P


def discounted(table, axis="i"):
    full = jax.lax.all_gather(table, axis, axis=0, tiled=True, to="reduced")
    acc = full[:, -1]
    for t in reversed(range(full.shape[1] - 1)):
        acc = acc + full[:, t]
    return jax.lax.psum(acc, axis)  # SF103


def main(mesh, x):
    return jax.shard_map(discounted, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j"))(x)
