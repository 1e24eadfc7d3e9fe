"""Silent: the reshaped reduced sum is returned as it is (reduced in out_specs), and a gather to
varying reshaped the same way is scaled by the constant."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MIX = 0.3


def body(x):
    pooled = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return pooled.reshape(-1, *x.shape).sum(axis=0)  # none


def mixed(x):
    pooled = jax.lax.all_gather(x, "i", axis=0, tiled=True)
    return MIX * pooled.reshape(-1, *x.shape).sum(axis=0)  # none


def main(mesh, x):
    kept = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
    scaled = jax.shard_map(mixed, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
    return kept, scaled
