import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


def model_config():
    return ConfigDict({"loss": {"weight": 0.5}, "axes": {"residue": "j"}})


def chi_loss(x, c=model_config()):
    full = jax.lax.all_gather(x, c.axes.residue, axis=1, tiled=True, to="reduced")
    jax.lax.psum(full, "j")
    return x


def main(mesh, x):
    chi_loss.__defaults__[0]["axes"]["residue"] = "i"
    return jax.shard_map(chi_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
