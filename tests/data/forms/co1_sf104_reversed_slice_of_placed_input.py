"""The gathered array is what a helper returns, `0.5 * (a + a[:, ::-1])`: reversing (or slicing)
a dimension no mesh axis splits keeps the layout, so the input is laid out `P(("i", "j"), None)`
and the out spec is not a prefix of it."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def symmetric(a):
    return 0.5 * (a + a[:, ::-1])


def main(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        return top_level_all_gather(symmetric(y[:, 1:7]), P("j", None, reduced={"i"}))  # SF104
