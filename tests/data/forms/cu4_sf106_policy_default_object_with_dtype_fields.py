"""A mixed-precision policy built as a parameter default (`policy=Policy()`), its fields dtypes
reached through imports: the one shared object is known, so the gathered gain keeps its reduced
state through `astype(self.policy.param_dtype)` and `1.0 + gain` meets the constant."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass(frozen=True)
class Policy:
    param_dtype: jnp.dtype = jnp.bfloat16
    reduce_dtype: jnp.dtype = jnp.float32


class Norm:
    def __init__(self, policy=Policy(), axis="i"):
        self.policy = policy
        self.axis = axis

    def __call__(self, gain_shard):
        gain = jax.lax.all_gather(gain_shard, self.axis, tiled=True, to="reduced")
        gain = gain.astype(self.policy.param_dtype)
        return 1.0 + gain  # SF106


def main(mesh, x):
    return jax.shard_map(Norm(), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
