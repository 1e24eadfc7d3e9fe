"""A builder whose default axis is the module constant 'j', called from a function whose local
of the same name is 'i': the gather is over 'j', where the psum result still varies."""
import jax
from jax.sharding import PartitionSpec as P

GATHER_AXIS = "j"


def build(mesh, axis=GATHER_AXIS):
    def body(v):
        total = jax.lax.psum(v, "i")
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # none: axis is 'j'

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={axis}))


def run(mesh, x):
    GATHER_AXIS = "i"
    return build(mesh)(x), GATHER_AXIS
