import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x, bias):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    centered = full - full.mean()  # SF106
    shifted = full + bias  # SF106
    return centered, shifted


def run(mesh, x):
    spec = P(None, "j", reduced={"i"})
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P(None, "j")), out_specs=(spec, spec))(x, x[:8, :8])
