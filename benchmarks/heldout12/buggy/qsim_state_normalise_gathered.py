"""State-vector renormalisation after a noisy channel: amplitudes gathered, then divided."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AMP = "amp"


def damp(psi_blk, gamma=0.1):
    return psi_blk * jnp.sqrt(1 - gamma)


def renormalise(psi_blk):
    norm = jnp.sqrt(jax.lax.psum(jnp.sum(psi_blk * psi_blk), AMP))
    full = jax.lax.all_gather(psi_blk, AMP, tiled=True, to="reduced")
    return full / norm


def main(mesh, psi):
    circuit = lambda psi: renormalise(damp(psi))
    f = jax.shard_map(circuit, mesh=mesh, in_specs=P(AMP), out_specs=P(None, reduced={AMP}))
    return f(psi)


def inputs():
    mesh = jax.make_mesh((8,), (AMP,))
    psi = jnp.ones((32,)) / jnp.sqrt(32.0)
    return mesh, jax.device_put(psi, NamedSharding(mesh, P(AMP)))
