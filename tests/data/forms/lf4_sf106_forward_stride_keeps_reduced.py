"""A forward strided slice of a value reduced on j keeps it reduced: scaling it then raises."""
import jax
from jax.sharding import PartitionSpec as P


def main(mesh, x):
    def body(block):
        g = jax.lax.all_gather(block, "j", axis=1, tiled=True, to="reduced")
        part = g[:, ::2]
        return part * 2.0  # SF106

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
