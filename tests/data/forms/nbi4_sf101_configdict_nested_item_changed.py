"""Silent: `CONFIG["model"]` reads the nested dict itself (not a wrapped copy), so the store
changes the axis the body gathers over; the analysis cannot tell which value a read sees."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, name):
        value = self[name]
        return ConfigDict(value) if isinstance(value, dict) else value


CONFIG = ConfigDict({"model": {"sum_axis": "j", "gather_axis": "j"}})
CONFIG["model"]["gather_axis"] = "i"


def occupancy(x, c=CONFIG.model):
    counts = jax.lax.psum(jnp.sum(x, axis=1), c.sum_axis)
    return jax.lax.all_gather(counts, c.gather_axis, axis=0, tiled=True, to="reduced")  # none


def main(mesh, x):
    return jax.shard_map(occupancy, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)
