"""Near miss of le34: the caller's keyword `to="invarying"` is merged into the copied config, so
the layer gathers to 'invarying' and the division is fine (the copy is updated, not the preset)."""
import copy

import jax
from jax.sharding import PartitionSpec as P


class Capped:
    presets = {"toy": {"config": {"axis": "j", "to": "reduced", "cap": 30.0}}}

    def __init__(self, axis, to, cap):
        self.axis, self.to, self.cap = axis, to, cap

    @classmethod
    def from_preset(cls, preset, **kwargs):
        config = copy.deepcopy(cls.presets[preset]["config"])
        config.update(kwargs)
        return cls(**config)

    def __call__(self, x):
        logits = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return logits / self.cap


def main(mesh, x):
    layer = Capped.from_preset("toy", to="invarying")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
