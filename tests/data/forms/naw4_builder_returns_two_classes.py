"""A config's build method returns one of two layer classes: which one the body belongs to is not
settled by the text, and only the other class's step would fail."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Gathered:
    def step(self, w):
        return jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")


class Doubled:
    def step(self, w):
        rows = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")
        return rows * 2.0


class Config:
    def __init__(self, kind):
        self.kind = kind

    def build(self):
        if self.kind == "gathered":
            return Gathered()
        return Doubled()


def run(mesh, x):
    layer = Config("gathered").build()
    return jax.shard_map(layer.step, mesh=mesh, in_specs=P("i", None),
                         out_specs=P(None, None, reduced={"i"}))(jnp.asarray(x))
