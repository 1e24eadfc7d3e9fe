import jax
from jax import shard_map
from jax.sharding import PartitionSpec as P

SPECS = dict(in_specs=P("i", "j"), out_specs=P())


def body(h):
    local = jax.lax.psum(h, "j")
    return jax.lax.psum(local, ("i", "j"))  # SF105


def mean_body(h):
    rows = jax.lax.pmean(h, "i")
    return jax.lax.pmean(rows, ("j", "i"))  # SF105


def run(mesh, x):
    specs = {"mesh": mesh, "in_specs": P("i", "j"), "out_specs": P()}
    a = jax.shard_map(body, **specs)(x)
    b = shard_map(mean_body, mesh=mesh, **SPECS)(x)
    return a, b
