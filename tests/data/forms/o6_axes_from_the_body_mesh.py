import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "stage"))


def loss_over_all_axes(x):
    mesh = jax.sharding.get_abstract_mesh()  # inside the body: the shard_map's mesh
    return lax.psum(x.sum(), mesh.axis_names)  # SF105


def axes_larger_than_one(x):
    axes = tuple(ax for ax in ("i", "j", "stage") if lax.axis_size(ax) > 1)
    return lax.psum(x.sum(), axes)  # SF105


def items_of_shape(x):
    axes = [ax for ax, n in MESH.shape.items() if n > 1]
    return lax.pmean(x.sum(), tuple(axes))  # SF105


def every_key_of_shape(x):
    return lax.pmean(x.sum(), tuple(MESH.shape))  # SF105


def make_metric(mesh):
    def metric(x):
        kept = [name for name in mesh.axis_names if mesh.shape[name] != 1]
        return lax.psum(x.sum(), kept)  # SF105
    return metric


def run():
    x = jax.device_put(jax.numpy.ones((8, 8)), NamedSharding(MESH, P("i")))
    a = jax.shard_map(loss_over_all_axes, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    b = jax.shard_map(axes_larger_than_one, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    c = jax.shard_map(items_of_shape, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    d = jax.shard_map(every_key_of_shape, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    e = jax.shard_map(make_metric(MESH), mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    return a, b, c, d, e
