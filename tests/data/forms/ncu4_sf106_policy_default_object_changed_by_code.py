"""The same default policy, but some code sets a field on a policy (`policy.param_dtype = ...`):
the object every call shares may hold anything by then, so nothing is said."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass
class Policy:
    param_dtype: jnp.dtype = jnp.bfloat16
    reduce_dtype: jnp.dtype = jnp.float32


def upcast(policy):
    policy.param_dtype = policy.reduce_dtype
    return policy


class Norm:
    def __init__(self, policy=Policy(), axis="i"):
        self.policy = policy
        self.axis = axis

    def __call__(self, gain_shard):
        gain = jax.lax.all_gather(gain_shard, self.axis, tiled=True, to="reduced")
        gain = gain.astype(self.policy.param_dtype)
        return 1.0 + gain


def main(mesh, x):
    return jax.shard_map(Norm(), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
