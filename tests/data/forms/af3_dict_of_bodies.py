import jax
from jax.sharding import PartitionSpec as P


def _sum_body(x):
    return jax.lax.psum(x, "i")


def _gather_body(x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return jax.lax.psum(full, "i")  # SF103


BODIES = {"sum": _sum_body, "gather": _gather_body}


def build(mesh, kind="gather"):
    return jax.shard_map(BODIES[kind], mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))


def run(mesh, x):
    return build(mesh)(x)
