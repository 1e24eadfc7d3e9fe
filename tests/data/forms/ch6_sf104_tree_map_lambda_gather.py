"""`jax.tree.map(lambda a: top_level_all_gather(a, S), params)` over a dict the function builds:
the lambda's gather runs on each value, and the kernel's layout is no prefix of its out spec."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    bias = jax.device_put(x, NamedSharding(mesh, P("j", None)))
    kernel = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    params = {"bias": bias, "kernel": kernel}
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda a: top_level_all_gather(a, P("j", None)), params)  # SF104
