"""The array is placed inside one `with jax.set_mesh` block and gathered in another: the binding
in the first block reaches the second (set_mesh never swallows an exception)."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    with jax.set_mesh(mesh):
        w = jax.reshard(x, P(("i", "j"), None))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("j", None))  # SF104
