"""Updates weighted by local work; the weighted sum is taken over all workers and tensor shards."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    WORKER = "worker"
    TP = "tp"


ALL_AXES = tuple(a.value for a in Axis)


def work_weighted_sum(update, epochs):
    shard_norm = jax.lax.psum(jnp.sum(update * update), Axis.TP.value)
    weighted = epochs.sum() * shard_norm
    weighted = jax.lax.pcast(weighted, Axis.TP.value, to="varying")
    return jax.lax.psum(weighted, ALL_AXES)


def inputs():
    rng = np.random.default_rng(25)
    return rng.normal(size=(8, 8)).astype(np.float32), np.array([1.0, 2.0, 1.0, 3.0], dtype=np.float32)


def main(update, epochs):
    mesh = jax.make_mesh((4, 2), ALL_AXES)
    update = jax.device_put(update, NamedSharding(mesh, P(*ALL_AXES)))
    epochs = jax.device_put(epochs, NamedSharding(mesh, P(Axis.WORKER.value)))
    fn = jax.shard_map(work_weighted_sum, mesh=mesh, in_specs=(P(*ALL_AXES), P(Axis.WORKER.value)), out_specs=P())
    return fn(update, epochs)


if __name__ == "__main__":
    main(*inputs())
