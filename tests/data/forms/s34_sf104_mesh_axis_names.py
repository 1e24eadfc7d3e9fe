import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    mesh = jax.make_mesh((2, 2, 2), ("replica", "fsdp", "tensor"))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(mesh.axis_names)))
        b = top_level_all_gather(a, P(None, reduced={"replica", "fsdp"}))  # SF104
        c = top_level_all_gather(a, P(None))  # SF104
        d = top_level_all_gather(a, P(None, reduced=set(mesh.axis_names)))  # none
        e = top_level_all_gather(a, P("fsdp"))  # SF104
    return b, c, d, e


def given(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(mesh.axis_names)))
        return top_level_all_gather(a, P(None, reduced={"i", "j"}))  # none: the mesh is a parameter
