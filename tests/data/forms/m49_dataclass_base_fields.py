from dataclasses import dataclass

import jax
from jax import lax
from jax.sharding import PartitionSpec as P

@dataclass
class Layer:
    model_axis: str = "model"

@dataclass
class Activate(Layer):
    approximate: bool = False

    def __call__(self, h):
        h = lax.all_gather(h, self.model_axis, tiled=True, to="reduced")
        return jax.nn.gelu(h, approximate=self.approximate)  # SF106

def run(mesh, x):
    act = Activate("j")
    return jax.shard_map(act, mesh=mesh, in_specs=P("j"), out_specs=P(None, reduced={"j"}))(x)
