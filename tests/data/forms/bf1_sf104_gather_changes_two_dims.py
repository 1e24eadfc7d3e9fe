import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUT = P("j", "i")


def export(x, out):
    return top_level_all_gather(x, out)  # SF104


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, LAYOUT))
        b = top_level_all_gather(a, P(None, "j"))  # SF104
        c = top_level_all_gather(a, NamedSharding(mesh, P(None, None)))  # SF104
        d = top_level_all_gather(a, P(None, None, reduced={"i", "j"}), multi_dim=True)  # none
        e = top_level_all_gather(a, P(None, "i", reduced={"j"}))  # none
        f = export(a, P(None, "j", reduced={"i"}))
    return b, c, d, e, f
