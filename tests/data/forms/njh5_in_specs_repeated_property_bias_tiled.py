import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Layout:
    row_axis: str = "i"
    col_axis: str = "j"

    @property
    def tile_spec(self):
        return P(self.row_axis, self.col_axis)

    @property
    def bias_spec(self):
        return P(self.row_axis, self.col_axis)


def run(mesh, x):
    layout = Layout()

    def body(a, b, bias):
        total = jnp.sum(a * b)
        return lax.psum(total, ("i", "j")) + lax.psum(jnp.sum(bias), ("i", "j"))

    in_specs = (layout.tile_spec,) * 2 + (layout.bias_spec,)
    return jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=P())(x, x, x)
