import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4, 1), ("i", "j", "pipe"))


def all_but_pipe(x):
    axes = ()
    for ax in MESH.axis_names:
        if ax != "pipe":
            axes += (ax,)
    return lax.psum(x.sum(), axes)  # SF105


def zipped_sizes(x):
    axes = []
    for ax, n in zip(MESH.axis_names, MESH.axis_sizes):
        if n > 1:
            axes = axes + [ax]
    return lax.psum(x.sum(), tuple(axes))  # SF105


def skip_size_one(x):
    axes = []
    for ax in MESH.axis_names:
        if MESH.shape[ax] == 1:
            continue
        axes.append(ax)
    return lax.pmean(x.sum(), tuple(axes))  # SF105


def run():
    x = jax.device_put(jax.numpy.ones((8, 8)), NamedSharding(MESH, P("i")))
    a = jax.shard_map(all_but_pipe, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    b = jax.shard_map(zipped_sizes, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    c = jax.shard_map(skip_size_one, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    return a, b, c
