import jax
from jax.sharding import PartitionSpec as P


def _gather_body(x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return jax.lax.psum(full, "i")  # none: only reached through tables below that may hold another body


def _safe_body(x):
    return jax.lax.psum(x, "i")


def _install(table):
    table["gather"] = _safe_body


BODIES = {"gather": _gather_body}
_install(BODIES)  # the table is changed through a parameter

CHOICES = {"a": _gather_body, "b": _safe_body}


def build(mesh, kind):
    return jax.shard_map(CHOICES[kind], mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))


def run(mesh, x):
    a = jax.shard_map(BODIES["gather"], mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
    return a, build(mesh, "b")(x)
