"""Near miss of ap8: the helper's default kept 'i', the body reads the reset name ('j') for its
psum, over which the gathered value still varies (fine): the body sees the last binding, the
default the one above its def."""
import jax
from jax.sharding import PartitionSpec as P

AXIS = "i"


def gather_rows(w, axis=AXIS):
    return jax.lax.all_gather(w, axis, axis=0, tiled=True, to="reduced")


AXIS = "j"


def body(w):
    return jax.lax.psum(gather_rows(w), AXIS)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)
