import jax
from jax.sharding import PartitionSpec as P

CORRECTIONS = {}


class Correction:
    def __init_subclass__(cls, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        CORRECTIONS[key] = cls


class Gain(Correction, key="gain"):
    scale = 2.0

    def __init__(self, axis="j"):
        self.axis = axis

    def apply(self, x):
        rows = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return rows * self.scale


class PlainGain(Correction, key="gain"):
    def __init__(self, axis="j"):
        self.axis = axis

    def apply(self, x):
        return x * 2.0


def main(mesh, x):
    corr = CORRECTIONS["gain"]()
    return jax.shard_map(corr.apply, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
