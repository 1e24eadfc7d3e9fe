"""A scaling lambda copied from another object keeps that object's `self`: the source's scale is
None, so the copied lambda returns the value unchanged."""
import jax
from jax.sharding import PartitionSpec as P


class Scaler:
    def __init__(self, scale=None, source=None):
        self.scale = scale
        self.apply = (lambda v: v if self.scale is None else v * self.scale) if source is None else source.apply

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.apply(full)


def run(mesh, x):
    s = Scaler(scale=2.0, source=Scaler())
    return jax.shard_map(s.body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
