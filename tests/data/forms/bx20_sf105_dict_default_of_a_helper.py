import jax
from jax.sharding import PartitionSpec as P


def row_mean(x, params={"axes": ("i", "j"), "scale": 0.5}):
    s = jax.lax.psum(x.sum(axis=1), params["axes"][1]) * params["scale"]
    return jax.lax.pmean(s, params["axes"])  # SF105


def main(mesh, x):
    return jax.shard_map(lambda v: row_mean(v), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
