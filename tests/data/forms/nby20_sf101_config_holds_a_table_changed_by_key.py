import jax
from jax.sharding import PartitionSpec as P


class ConfigDict(dict):
    def __getattr__(self, key):
        value = self[key]
        return ConfigDict(value) if isinstance(value, dict) else value


AXES = {"loss": "i"}
CONFIG = ConfigDict({"axes": AXES})


def set_axis(key, value):
    AXES[key] = value


def term(x, config=CONFIG):
    s = jax.lax.psum(x, "i")
    jax.lax.all_gather(s, config.axes.loss, to="reduced")
    return x


def main(mesh, x):
    set_axis("loss", "j")
    return jax.shard_map(term, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
