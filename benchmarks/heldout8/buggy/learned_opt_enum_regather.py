"""Learned-optimiser meta-training: per-task features sharded over tasks and optimiser units."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    TASK = "task"
    UNIT = "unit"


def lopt_features(grads, momentum):
    return jnp.stack([grads, momentum, jnp.sign(grads)], axis=-1)


def inputs():
    rng = np.random.default_rng(11)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(grads, momentum):
    mesh = jax.make_mesh((2, 4), (MeshAxis.TASK.value, MeshAxis.UNIT.value))
    spec = P(MeshAxis.TASK.value, MeshAxis.UNIT.value)
    grads, momentum = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (grads, momentum))

    def meta_features(g, m):
        feats = lopt_features(g, m)
        per_unit = jax.lax.all_gather(feats, MeshAxis.UNIT.value, axis=1, tiled=True, to="reduced")
        axes = tuple(a.value for a in MeshAxis)
        return jax.lax.all_gather(per_unit, axes, axis=0, tiled=True, to="reduced")

    f = jax.jit(jax.shard_map(meta_features, mesh=mesh, in_specs=(spec, spec),
                              out_specs=P(None, None, None, reduced={a.value for a in MeshAxis})))
    return f(grads, momentum)
