import jax
from jax.sharding import PartitionSpec as P


def trim(names):
    names.remove("j")


def handed_on(mesh, x):
    axes = ["i", "j"]
    trim(axes)

    def body(h):
        local = jax.lax.psum(h, "j")
        return jax.lax.psum(local, tuple(axes))  # none: trim() changes the list, not followed

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def changed_after_the_body(mesh, x):
    axes = ["i", "j"]

    def body(h):
        local = jax.lax.psum(h, "j")
        return jax.lax.psum(local, tuple(axes))  # none: the list changes after this def

    axes.remove("j")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def changed_in_a_while_loop(mesh, x):
    axes = ["i", "j"]
    while len(axes) > 1:
        axes.pop()

    def body(h):
        local = jax.lax.psum(h, "j")
        return jax.lax.psum(local, tuple(axes))  # none: a while loop is not replayed

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def extended_by_the_body(mesh, x):
    axes = []
    axes += ["i"]

    def body(h):
        axes.append("j")
        local = jax.lax.psum(h, "j")
        return jax.lax.psum(local, tuple(axes[:1]))  # none: the body changes the list itself

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def run(mesh, x):
    return (handed_on(mesh, x), changed_after_the_body(mesh, x), changed_in_a_while_loop(mesh, x),
            extended_by_the_body(mesh, x))
