"""The name handed to shard_map is bound twice at the top of `main` (a layer rebuilt from its
own config, Keras' `from_config(layer.get_config())`): the read sees the second binding, whose
layer gathers to 'reduced' before a mean."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axis="j", to="invarying"):
        self.axis, self.to = axis, to

    def get_config(self):
        return {"axis": self.axis, "to": self.to}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    layer = Gather()
    layer = Gather.from_config({**layer.get_config(), "to": "reduced"})
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
