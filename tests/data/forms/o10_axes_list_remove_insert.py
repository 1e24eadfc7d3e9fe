import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "pipe"))


def removed(x):
    axes = list(MESH.axis_names)
    axes.remove("pipe")
    return lax.psum(x.sum(), tuple(axes))  # SF105


def inserted(x):
    axes = ["j"]
    axes.insert(0, "i")
    return lax.psum(x.sum(), tuple(axes))  # SF105


def run():
    x = jax.device_put(jax.numpy.ones((8, 8)), NamedSharding(MESH, P("i")))
    a = jax.shard_map(removed, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    b = jax.shard_map(inserted, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    return a, b
