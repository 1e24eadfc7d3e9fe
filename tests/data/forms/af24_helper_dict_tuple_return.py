import jax
from jax.sharding import PartitionSpec as P


def moments(x):
    mean = jax.lax.pmean(x, "i")
    sq = jax.lax.pmean(x * x, "i")
    return mean, sq - mean * mean


def summary(x):
    return {"mean": jax.lax.pmean(x, "j"), "raw": x}


def body(x):
    mean, var = moments(x)
    stats = summary(x)
    a = jax.lax.all_gather(var, "i", axis=0, tiled=True, to="reduced")  # SF101
    b = jax.lax.psum(stats["mean"], ("i", "j"))  # SF105
    return a, b


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(P(None, "j", reduced={"i"}), P()))(x)
