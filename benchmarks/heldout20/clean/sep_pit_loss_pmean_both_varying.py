"""Permutation-invariant training loss, averaged over the axes named by the launcher's environment."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = tuple(os.environ.get("SEP_MESH_AXES", "data,chan").split(","))
mesh = jax.make_mesh((4, 2), AXES)


def pit_loss(est, ref):
    direct = jnp.mean((est - ref) ** 2, axis=(1, 2))
    swapped = jnp.mean((est[:, ::-1] - ref) ** 2, axis=(1, 2))
    return jnp.minimum(direct, swapped)


def body(est, ref):
    per_utt = pit_loss(est, ref)
    return jax.lax.pmean(per_utt.mean(), AXES)


def inputs():
    s = NamedSharding(mesh, P(AXES[0], None, AXES[1]))
    est = jax.random.normal(jax.random.key(24), (8, 2, 64))
    ref = jax.random.normal(jax.random.key(25), (8, 2, 64))
    return jax.device_put(est, s), jax.device_put(ref, s)


def main(est, ref):
    spec = P(AXES[0], None, AXES[1])
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(est, ref)
