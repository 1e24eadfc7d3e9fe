"""Near miss of co1: the reversed and sliced array gathered to `P("i", None, reduced={"j"})`, a
prefix of the layout slicing keeps (valid); and a slice of a split dimension, which the analysis
does not read (`x[2:]` of a split dimension is rejected by JAX itself unless spelled with
`.at[...].get(out_sharding=...)`)."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def symmetric(a):
    return 0.5 * (a + a[:, ::-1])


def main(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        first = top_level_all_gather(symmetric(y[:, 1:7]), P("i", None, reduced={"j"}))
        z = jax.device_put(x, NamedSharding(mesh, P(None, "j")))
        return first, top_level_all_gather(z[:, ::-1], P(None, None, reduced={"j"}))
