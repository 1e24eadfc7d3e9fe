from functools import partial

import jax
from jax.sharding import PartitionSpec as P


def lazy(a, b):
    parts = [jax.lax.psum(a, "j"), jax.lax.psum(b, "j")]
    pending = map(partial(jax.lax.psum, axis_name=("i", "j")), parts)  # none: never consumed, never run
    return parts[0] + parts[1]


def consumed_fine(a, b):
    parts = [jax.lax.psum(a, "j"), jax.lax.psum(b, "j")]
    return list(map(partial(jax.lax.psum, axis_name="i"), parts))[0]  # none: varying on 'i' alone


def kwargs_changed(a, b, **options):
    local = jax.lax.psum(a, "j")
    kwargs = dict(axis_name=("i", "j"))
    kwargs.update(options)
    return jax.lax.psum(local, **kwargs)  # none: the caller's options may replace axis_name


def counted(a, b):
    stats = [jax.lax.psum(a, "j"), a]
    if (n := len(stats)) > 1:
        return jax.lax.psum(stats[n - 1], ("i", "j"))  # none: the last item varies on both
    return stats[0]


def run(mesh, x):
    f = lambda body: jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P("i"))(x, x)
    g = lambda body: jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P())(x, x)
    return f(lazy), f(consumed_fine), g(partial(kwargs_changed, axis_name="i")), g(counted)
