"""Quantum circuit simulator: a global-qubit swap needs every shard's amplitudes."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    GLOBAL = "qglobal"
    BATCH = "circuits"


def probabilities(psi):
    p = psi * psi
    return jax.lax.all_gather(p, Ax.GLOBAL.value, axis=1, tiled=True, to="reduced")


def measure(psi):
    probs = probabilities(psi)
    outcome = jnp.argmax(probs, axis=1)
    swapped = jax.lax.all_gather(probs, Ax.GLOBAL.value, axis=1, tiled=True)
    return outcome, swapped


def main(mesh, psi):
    f = jax.shard_map(measure, mesh=mesh, in_specs=P(Ax.BATCH.value, Ax.GLOBAL.value),
                      out_specs=(P(Ax.BATCH.value), P(Ax.BATCH.value, Ax.GLOBAL.value)))
    return f(psi)


def inputs():
    mesh = jax.make_mesh((2, 4), (Ax.BATCH.value, Ax.GLOBAL.value))
    psi = jnp.ones((4, 32)) / jnp.sqrt(32.0)
    return mesh, jax.device_put(psi, NamedSharding(mesh, P(Ax.BATCH.value, Ax.GLOBAL.value)))
