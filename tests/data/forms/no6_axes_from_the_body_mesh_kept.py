import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "stage"))
OUTSIDE = jax.sharding.get_abstract_mesh()  # outside any body and any set_mesh: no axes


def varying_everywhere(x):
    mesh = jax.sharding.get_abstract_mesh()
    return lax.psum(x.sum(), mesh.axis_names)


def only_size_two(x):
    axes = tuple(ax for ax in ("i", "j", "stage") if lax.axis_size(ax) == 2)
    return lax.psum(x.sum(), axes)


def module_mesh(x):
    return lax.psum(x.sum(), ("i",) + tuple(OUTSIDE.axis_names))


def run():
    x = jax.device_put(jax.numpy.ones((8, 8)), NamedSharding(MESH, P("i")))
    y = jax.device_put(jax.numpy.ones((8, 8, 8)), NamedSharding(MESH, P("i", "j", "stage")))
    a = jax.shard_map(varying_everywhere, mesh=MESH, in_specs=P("i", "j", "stage"), out_specs=P())(y)
    b = jax.shard_map(only_size_two, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    c = jax.shard_map(module_mesh, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    return a, b, c
