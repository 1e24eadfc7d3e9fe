"""Two `jax.tree.map(lambda ...)` gathers that JAX accepts: every value of the first dict keeps a
prefix of its layout; the second dict gets its bad entry replaced before the gather."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    rows = jax.device_put(x, NamedSharding(mesh, P("j", None)))
    both = jax.device_put(x, NamedSharding(mesh, P(("j", "i"), None)))
    cols = jax.device_put(x, NamedSharding(mesh, P("j", "i")))
    changed = {"rows": rows, "both": both}
    changed["both"] = rows
    with jax.set_mesh(mesh):
        a = jax.tree.map(lambda v: top_level_all_gather(v, P("j", None, reduced={"i"})), {"cols": cols})
        b = jax.tree.map(lambda v: top_level_all_gather(v, P("j", None)), changed)
    return a, b
