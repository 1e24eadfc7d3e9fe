"""The `else:` of a loop that never runs (`for _ in range(0)`) runs at once: its gather of an
invariant value is traced."""
import jax
from jax.sharding import PartitionSpec as P


def body(x):
    g = jax.lax.psum(x, "i")
    for _ in range(0):
        g = g * 2
    else:
        jax.lax.all_gather(g, "i", to="reduced")  # SF101
    return x


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
