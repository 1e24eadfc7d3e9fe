import jax
from jax.sharding import PartitionSpec as P


def body(h, mode="mean"):
    local = jax.lax.psum(h, "j")
    match mode:
        case "sum":
            return jax.lax.psum(local, ("i", "j"))  # none: mode is "mean" on every call
        case "mean" | "avg":
            return jax.lax.pmean(local, "i")
    return local


def cast_first(h, mode="cast"):
    local = jax.lax.psum(h, "j")
    match mode:
        case "cast":
            local = jax.lax.pcast(local, "j", to="varying")
        case _:
            pass
    return jax.lax.psum(local, ("i", "j"))  # none: the one case taken casts first


def captured(h):
    local = jax.lax.psum(h, "j")
    match local:
        case value:
            return jax.lax.psum(value, "i")  # none: the subject, varying on 'i' alone


def run(mesh, x):
    f = lambda body: jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return f(body), f(cast_first), f(captured)
