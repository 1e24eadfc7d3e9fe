import jax
from jax.sharding import PartitionSpec as P


def body(h):
    s = jax.lax.psum(h, "j")
    total = jax.lax.cond(
        h.sum() > 0,
        lambda v: jax.lax.psum(v, ("i", "j")),  # SF105
        lambda v: jax.lax.psum(v, "i"),
        s,
    )
    return total


def routed(h, idx):
    full = jax.lax.all_gather(h, "i", to="reduced", tiled=True)
    branches = [lambda v: jax.lax.psum(v, "i"), lambda v: jax.lax.psum(v, "i")]  # SF103
    return jax.lax.switch(idx, branches, full)


def run(mesh, x):
    a = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None))(x)
    b = jax.shard_map(lambda h: routed(h, 1), mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    return a, b
