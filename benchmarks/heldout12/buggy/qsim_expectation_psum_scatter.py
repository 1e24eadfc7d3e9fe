"""Batched circuit simulation: per-qubit expectations summed over circuits, one qubit per device."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SPEC = {"circuits": 2, "amps": 4}
CIRC, AMPS = tuple(MESH_SPEC)


def z_expectations(psi_blk, n_qubits):
    probs = psi_blk * psi_blk
    idx = jnp.arange(probs.shape[1]) + jax.lax.axis_index(AMPS) * probs.shape[1]
    signs = jnp.stack([1.0 - 2.0 * ((idx >> q) & 1) for q in range(n_qubits)])
    return probs @ signs.T


def main(mesh, psi):
    def body(psi_blk):
        local = z_expectations(psi_blk, 8)
        per_circuit = jax.lax.psum(local, AMPS)
        return jax.lax.psum_scatter(per_circuit, (CIRC, AMPS), scatter_dimension=1, tiled=True)

    f = jax.shard_map(body, mesh=mesh, in_specs=P(CIRC, AMPS), out_specs=P(None, (CIRC, AMPS)))
    return f(psi)


def inputs():
    mesh = jax.make_mesh(tuple(MESH_SPEC.values()), tuple(MESH_SPEC))
    psi = jnp.ones((4, 256)) / 16.0
    return mesh, jax.device_put(psi, NamedSharding(mesh, P(CIRC, AMPS)))
