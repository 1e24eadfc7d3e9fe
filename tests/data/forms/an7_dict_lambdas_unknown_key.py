import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

SCALINGS = {
    "none": lambda v: v,
    "double": lambda v: v * 2.0,  # SF106
}


def run(mesh, x, scaling="double"):
    def body(x):
        g = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
        return SCALINGS[scaling](g)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
