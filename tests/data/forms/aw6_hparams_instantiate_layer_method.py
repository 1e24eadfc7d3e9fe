"""Praxis-like: an HParams dataclass builds its layer (`hp.instantiate()`), and the layer's fprop,
reading its axis through a property of the hparams, is the body; it psums a reduced value."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class NormHParams:
    axis: str = "j"

    def instantiate(self):
        return Norm(self)


class Norm:
    def __init__(self, hparams):
        self.hparams = hparams

    @property
    def axis(self):
        return self.hparams.axis

    def fprop(self, h):
        cols = jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(cols, self.axis)  # SF103


def run(mesh, x):
    layer = NormHParams().instantiate()
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(jnp.asarray(x))
