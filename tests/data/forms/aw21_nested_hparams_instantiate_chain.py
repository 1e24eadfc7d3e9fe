"""Praxis-like nested HParams: the model's hparams hold the layer's in a `default_factory` field,
which holds the mesh's; the layer built by `ModelHParams().ffn.instantiate()` reads both axes
through a property and gathers rows already reduced."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

@dataclasses.dataclass
class MeshHParams:
    data: str = "i"
    model: str = "j"

@dataclasses.dataclass
class FFNHParams:
    mesh: MeshHParams = dataclasses.field(default_factory=MeshHParams)

    def instantiate(self):
        return FFN(self)

@dataclasses.dataclass
class ModelHParams:
    ffn: FFNHParams = dataclasses.field(default_factory=FFNHParams)

class FFN:
    def __init__(self, hp):
        self.hp = hp

    @property
    def axes(self):
        return (self.hp.mesh.data, self.hp.mesh.model)

    def fprop(self, w):
        rows = jax.lax.all_gather(w, self.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, self.axes, axis=1, tiled=True, to="reduced")  # SF102

def run(mesh, x):
    layer = ModelHParams().ffn.instantiate()
    return jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(jnp.asarray(x))
