import jax
from jax.sharding import PartitionSpec as P


def gathered_rows(h):
    total = jax.lax.psum(h, "i")
    return jax.vmap(lambda r: jax.lax.all_gather(r, "i", to="reduced", tiled=True))(total)  # none: NotImplementedError


def cast_rows(h):
    full = jax.lax.all_gather(h, "i", to="reduced", tiled=True)
    return jax.vmap(lambda r: jax.lax.psum(jax.lax.pcast(r, "i", to="varying"), ("i", "j")))(full)  # none


def spmd_rows(h):
    s = jax.lax.psum(h, "j")
    return jax.vmap(lambda r: jax.lax.psum(r, ("i", "j")), spmd_axis_name="i")(s)  # none: another error


def fine_rows(h):
    s = jax.lax.pcast(jax.lax.psum(h, "j"), "j", to="varying")
    return jax.vmap(lambda r: jax.lax.psum(r, ("i", "j")))(s)  # none: varying on both


def run(mesh, x):
    a = jax.shard_map(fine_rows, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return a
