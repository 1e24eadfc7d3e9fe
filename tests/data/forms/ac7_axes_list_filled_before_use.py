import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def global_mean(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = []
    for name, size in mesh.shape.items():
        if size > 1:
            axes.append(name)

    def body(h):
        rows = jax.lax.pmean(jnp.mean(h, axis=1), "j")
        return jax.lax.pmean(jnp.mean(rows), tuple(axes))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def summed(mesh, x, extra=("j",)):
    reduce_over = ["i"]
    reduce_over.extend(extra)

    def body(h):
        local = jax.lax.psum(h, "i")
        return jax.lax.psum(local, tuple(reduce_over))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def ordered(mesh, x):
    names = ["j"]
    names.insert(0, "i")

    def body(h):
        partial = jax.lax.pmax(h, names[1])
        return jax.lax.pmean(partial, (names[0], names[1]))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def every_axis(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = []
    for name in mesh.axis_names:
        axes += [name]

    def body(h):
        local = jax.lax.psum(h, "i")
        return jax.lax.pmean(local, tuple(axes))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def run(mesh, x):
    return global_mean(x), summed(mesh, x), ordered(mesh, x), every_axis(x)
