"""State-vector probabilities: gathered amplitudes multiplied by themselves (r * r)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AMP = "amp"


def main(mesh, psi):
    def probs(psi_blk):
        full = jax.lax.all_gather(jnp.abs(psi_blk), AMP, tiled=True, to="reduced")
        return full * full

    f = jax.shard_map(probs, mesh=mesh, in_specs=P(AMP), out_specs=P(None, reduced={AMP}))
    return f(psi)


def inputs():
    mesh = jax.make_mesh((8,), (AMP,))
    return mesh, jax.device_put(jnp.ones((32,)) / jnp.sqrt(32.0), NamedSharding(mesh, P(AMP)))
