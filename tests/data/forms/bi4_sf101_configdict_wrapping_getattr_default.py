"""SF101: the axis is an attribute chain on a dict subclass whose `__getattr__` wraps nested dicts
in its own class, bound as a parameter default."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, name):
        value = self[name]
        return ConfigDict(value) if isinstance(value, dict) else value


CONFIG = ConfigDict({"model": {"heads": {"row_axis": "i", "col_axis": "j"}}})


def occupancy(x, c=CONFIG.model.heads):
    counts = jax.lax.psum(jnp.sum(x, axis=1), c.col_axis)
    return jax.lax.all_gather(counts, c.col_axis, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    return jax.shard_map(occupancy, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)
