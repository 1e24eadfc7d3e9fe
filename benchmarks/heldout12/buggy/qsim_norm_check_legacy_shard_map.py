"""State-vector quantum simulator, half-migrated from jax.experimental.shard_map."""
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

AMP = "amp"
H = jnp.array([[1, 1], [1, -1]], jnp.float32) / jnp.sqrt(2.0)


def apply_local_gate(psi, gate, qubit):
    n = psi.shape[0].bit_length() - 1
    psi = psi.reshape((2,) * n)
    psi = jnp.moveaxis(jnp.tensordot(gate, psi, axes=([1], [qubit])), 0, qubit)
    return psi.reshape(-1)


def norm_of(psi):
    return jax.lax.psum(jnp.sum(psi * psi), AMP)


def main(mesh, psi):
    def layer(psi):
        for q in range(3):
            psi = apply_local_gate(psi, H, q)
        return psi

    def diagnostics(psi):
        norm = norm_of(psi)
        return jax.lax.all_gather(norm[None], AMP, tiled=True, to="reduced")

    psi = shard_map(layer, mesh, in_specs=P(AMP), out_specs=P(AMP))(psi)
    norms = jax.shard_map(diagnostics, mesh=mesh, in_specs=P(AMP),
                          out_specs=P(None, reduced={AMP}))(psi)
    return psi, norms


def inputs():
    mesh = jax.make_mesh((8,), (AMP,))
    psi = jnp.zeros((64,)).at[0].set(1.0)
    return mesh, jax.device_put(psi, NamedSharding(mesh, P(AMP)))
