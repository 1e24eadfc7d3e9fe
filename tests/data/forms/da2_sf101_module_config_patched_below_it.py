"""A script's config dict is patched a few lines below it, at module level (`CONFIG["gather_axis"]
= "i"`), before any function can run: every function reads the patched dict. The body sums over
'i' and then gathers over 'i' too, a value already invariant there."""
import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"sum_axis": "i", "gather_axis": "j"}
TRIALS = 3


def total(x):
    summed = jax.lax.psum(x, CONFIG["sum_axis"])
    return jax.lax.all_gather(summed, CONFIG["gather_axis"], tiled=True, to="reduced")  # SF101


CONFIG["gather_axis"] = "i"


def main(mesh, x):
    f = jax.shard_map(total, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
    return f(x)
