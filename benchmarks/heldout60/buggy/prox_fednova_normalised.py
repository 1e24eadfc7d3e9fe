"""FedNova: updates normalised by each worker's local step count before averaging."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def normalised_average(delta, tau, *, worker_axis, weight):
    d = delta / tau[:, None]
    tau_eff = jax.lax.psum(weight * tau, worker_axis)
    avg = jax.lax.psum(weight * d, worker_axis)
    step = tau_eff[:, None] * avg
    return jax.lax.all_gather(step, worker_axis, axis=0, tiled=True, to="reduced")


def make_aggregator(worker_axis, num_workers):
    return functools.partial(normalised_average, worker_axis=worker_axis, weight=1.0 / num_workers)


def inputs():
    rng = np.random.default_rng(21)
    delta = rng.normal(size=(4, 8)).astype(np.float32)
    tau = np.array([5.0, 2.0, 8.0, 3.0], dtype=np.float32)
    return delta, tau


def main(delta, tau):
    mesh = jax.make_mesh((4, 2), ("worker", "tp"))
    delta = jax.device_put(delta, NamedSharding(mesh, P("worker", "tp")))
    tau = jax.device_put(tau, NamedSharding(mesh, P("worker")))
    agg = make_aggregator("worker", 4)
    out = P(None, "tp", reduced={"worker"})
    return jax.shard_map(agg, mesh=mesh, in_specs=(P("worker", "tp"), P("worker")), out_specs=out)(delta, tau)


if __name__ == "__main__":
    main(*inputs())
