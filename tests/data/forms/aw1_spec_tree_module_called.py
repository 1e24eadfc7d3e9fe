"""An equinox-style module whose spec tree is an object of its own class, built inside in_specs;
the mapped lambda calls the module, whose `__call__` rescales the gathered weight by a constant."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Scaled:
    weight: jax.Array
    scale: float = dataclasses.field(default=0.5, metadata=dict(static=True))

    def __call__(self):
        return jax.lax.all_gather(self.weight, "i", axis=0, tiled=True, to="reduced") * self.scale  # SF106


def run(mesh, x):
    layer = Scaled(jnp.asarray(x))
    f = jax.shard_map(lambda m: m(), mesh=mesh, in_specs=(Scaled(P("i", None)),),
                      out_specs=P(None, None, reduced={"i"}))
    return f(layer)
