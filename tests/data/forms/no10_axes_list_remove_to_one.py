import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "pipe"))


def removed_twice(x):
    axes = list(MESH.axis_names)
    axes.remove("pipe")
    axes.remove("j")
    return lax.psum(x.sum(axis=1), tuple(axes))


def inserted_into_copy(x):
    base = ["i"]
    axes = list(base)
    axes.insert(0, "j")
    return lax.psum(x.sum(axis=1), tuple(base))  # the copy grew, not `base`


def run():
    x = jax.device_put(jax.numpy.ones((8, 8)), NamedSharding(MESH, P("i")))
    a = jax.shard_map(removed_twice, mesh=MESH, in_specs=P("i"), out_specs=P("i"))(x)
    b = jax.shard_map(inserted_into_copy, mesh=MESH, in_specs=P("i"), out_specs=P("i"))(x)
    return a, b
