"""`axis = "i"` overrides the parameter (default "j") before anything reads it: the gather is over
'i', which the input is sharded over, so it takes a varying value."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x, axis="j"):
    axis = "i"
    x = jax.device_put(x, NamedSharding(mesh, P("i")))

    def body(v):
        return jax.lax.all_gather(v, axis, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
