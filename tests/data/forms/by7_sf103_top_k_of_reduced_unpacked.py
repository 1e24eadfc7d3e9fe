import jax
from jax.sharding import PartitionSpec as P


def hardest(x):
    full = jax.lax.all_gather(x, "i", axis=1, tiled=True, to="reduced")
    k = int(full.shape[1] * 0.25)
    top, _ = jax.lax.top_k(full, k)
    jax.lax.psum(top.sum(axis=1), "i")  # SF103
    return x


def main(mesh, x):
    return jax.shard_map(hardest, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
