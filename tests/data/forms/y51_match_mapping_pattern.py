import jax
from jax.sharding import PartitionSpec as P


def body(h):
    stats = {"mean": jax.lax.pmean(h, "i"), "max": jax.lax.pmax(h, "i")}
    match stats:
        case {"mean": m}:
            return jax.lax.all_gather(m, "i", to="reduced", tiled=True)  # SF101
    return h


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
