"""FedAvg with example-count weights: silo totals first, then every client of every silo."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class FedAvgSpec:
    silo_axis: str = "silo"
    client_axis: str = "client"

    @property
    def all_axes(self):
        return (self.silo_axis, self.client_axis)


def fedavg(deltas, n_examples, spec):
    silo_examples = jax.lax.psum(n_examples.sum(), spec.client_axis)
    weighted = jax.lax.psum((deltas * n_examples[:, None]).sum(axis=0), spec.all_axes)
    total = jax.lax.psum(silo_examples, spec.silo_axis)
    return weighted / total


def inputs():
    rng = np.random.default_rng(505)
    return rng.standard_normal((16, 8)).astype(np.float32), rng.integers(10, 100, (16,)).astype(np.float32)


def main(deltas, n_examples):
    spec = FedAvgSpec()
    mesh = jax.make_mesh((2, 4), spec.all_axes)
    deltas = jax.device_put(deltas, NamedSharding(mesh, P(spec.all_axes, None)))
    n_examples = jax.device_put(n_examples, NamedSharding(mesh, P(spec.all_axes)))
    fn = jax.shard_map(lambda d, n: fedavg(d, n, spec), mesh=mesh,
                       in_specs=(P(spec.all_axes, None), P(spec.all_axes)), out_specs=P())
    return fn(deltas, n_examples)


if __name__ == "__main__":
    print(main(*inputs()))
