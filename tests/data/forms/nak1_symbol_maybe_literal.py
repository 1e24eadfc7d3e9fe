import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x, axis="i"):
    def body(v):
        return jax.lax.all_gather(v, "i", tiled=True, to="reduced")  # none: `axis` may be 'i' (it is)

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P(None, reduced={"i"}))(x)
