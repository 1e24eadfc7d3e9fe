"""keras-hub style presets: `from_preset` deep-copies the preset's config dict, merges the
caller's keywords into it and builds the class from it (`cls(**config)`): the layer built gathers
to 'reduced' and divides the gathered logits by its soft cap."""
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
        return logits / self.cap  # SF106


def main(mesh, x):
    layer = Capped.from_preset("toy")
    return jax.shard_map(layer, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
