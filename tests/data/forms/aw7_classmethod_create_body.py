"""A model built by a classmethod (`Model.create(...)` returning `cls(...)`), the way Flax-style
code builds from a config; its bound method is the body and scales a reduced value."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Scorer:
    def __init__(self, axis, temperature):
        self.axis = axis
        self.temperature = temperature

    @classmethod
    def create(cls, config):
        return cls(config["axis"], config["temperature"])

    def apply(self, h):
        logits = jax.lax.all_gather(h, self.axis, axis=0, tiled=True, to="reduced")
        return logits / self.temperature  # SF106


def run(mesh, x):
    scorer = Scorer.create({"axis": "i", "temperature": 2.0})
    f = jax.shard_map(scorer.apply, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))
    return f(jnp.asarray(x))
