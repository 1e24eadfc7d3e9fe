import jax
from jax.sharding import PartitionSpec as P

LAYOUT = {"time": "j", "gather": ["j", "i"]}
LAYOUT["gather"].pop(0)


def assemble(chunk, axes=LAYOUT["gather"], time_axis=LAYOUT["time"]):
    unroll = jax.lax.all_gather(chunk, time_axis, axis=1, tiled=True, to="reduced")
    jax.lax.all_gather(unroll, tuple(axes), tiled=True, to="reduced")
    return chunk


def main(mesh, x):
    return jax.shard_map(assemble, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
