import jax
from jax.sharding import PartitionSpec as P

MESH_AXES = ("i", "j")


def gatherer(axis, dim):
    def gather(v):
        return jax.lax.all_gather(v, axis, axis=dim, tiled=True, to="reduced")  # SF102
    return gather


def collect(v, names):
    outer, inner = names
    wide = gatherer(inner, 1)(v)
    return gatherer((outer, inner), 0)(wide)


def run(mesh, x):
    f = jax.shard_map(lambda v: collect(v, MESH_AXES), mesh=mesh, in_specs=P("i", "j"),
                      out_specs=P(None, None, reduced={"i", "j"}))
    return f(x)
