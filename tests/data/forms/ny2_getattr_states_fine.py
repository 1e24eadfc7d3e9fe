import jax
from jax.sharding import PartitionSpec as P

REDUCTIONS = {"sum": "psum", "mean": "pmean"}


def body(h, how="sum"):
    local = jax.lax.psum(h, "j")
    reduce_fn = getattr(jax.lax, REDUCTIONS[how])
    return reduce_fn(local, "i")  # none: varying on 'i' alone


def body_default(h):
    local = jax.lax.psum(h, "j")
    pick = getattr(jax.lax, "psum_everything", jax.lax.pmax)  # a default: not read
    return pick(local, "i")


def body_cast(h):
    local = jax.lax.pcast(jax.lax.psum(h, "j"), "j", to="varying")
    return getattr(jax.lax, "psum")(local, ("i", "j"))  # none: cast back to varying first


def run(mesh, x):
    f = lambda body: jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return f(body), f(body_default), f(body_cast)
