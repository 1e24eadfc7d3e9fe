import jax
from jax.sharding import PartitionSpec as P


def body(x):
    stats = {"sum": jax.lax.psum(x, "i"), "max": jax.lax.pmax(x, "i")}
    return jax.tree_util.tree_map(
        lambda v: jax.lax.all_gather(v, "i", axis=0, tiled=True, to="reduced"),  # SF101
        stats,
        is_leaf=lambda node: node is None,
    )


def run(mesh, x):
    spec = P(None, "j", reduced={"i"})
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs={"sum": spec, "max": spec})(x)
