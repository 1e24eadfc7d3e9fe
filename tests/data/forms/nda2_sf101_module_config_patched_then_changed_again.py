"""The same patched config, but `main` changes it again before the body runs (`tweak()` sets the
gather axis back to 'j'): the patch is not what the body reads, and the gather over 'j' of a value
varying on 'j' is legal."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"sum_axis": "i", "gather_axis": "j"}


def total(x):
    summed = jax.lax.psum(x, CONFIG["sum_axis"])
    return jax.lax.all_gather(summed, CONFIG["gather_axis"], tiled=True, to="reduced")


CONFIG["gather_axis"] = "i"


def tweak():
    CONFIG["gather_axis"] = "j"


def main(mesh, x):
    tweak()
    f = jax.shard_map(total, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))
    return f(x)
