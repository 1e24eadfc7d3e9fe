"""Strategies filed by `__init_subclass__` and built by a `from_name` classmethod reading
`cls.registry[name]`: the one registered strategy's export gathers over both axes a value its
unshard step already left reduced on 'j'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Strategy:
    registry = {}
    name = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.name:
            Strategy.registry[cls.name] = cls

    def __init__(self, axes):
        self.axes = axes

    @classmethod
    def from_name(cls, name, axes):
        return cls.registry[name](axes)


class FSDP(Strategy):
    name = "fsdp"

    def export(self, w):
        full = jax.lax.all_gather(w, "j", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(jnp.tanh(full), self.axes, axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x):
    strategy = Strategy.from_name("fsdp", ("i", "j"))
    return jax.shard_map(strategy.export, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
