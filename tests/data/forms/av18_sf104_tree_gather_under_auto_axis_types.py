import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def run(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"), axis_types=(AxisType.Auto,) * 2)
    with jax.set_mesh(mesh), open("/dev/null", "w"):
        params = {"w": jax.device_put(x, NamedSharding(mesh, P("i")))}
        return jax.tree.map(lambda p: top_level_all_gather(p, P(None, reduced={"i"})), params)  # SF104: Auto axes
