import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    cohort: str = "cohort"
    feature: str = "feature"


class ClientSampler:
    def __init__(self, mesh, sampling_rate=0.25, axes=MeshAxes()):
        self.mesh = mesh
        self.inv_rate = 1.0 / sampling_rate
        self.axes = axes

    def _sample(self, scores):
        scores = jnp.where(scores > 0.1, scores, 0.0)
        selected = jax.lax.all_gather(scores, self.axes.cohort, tiled=True, to="reduced")
        return selected - jnp.mean(selected, axis=0, keepdims=True) * self.inv_rate

    def __call__(self, scores):
        return jax.shard_map(self._sample, mesh=self.mesh, in_specs=P(*self.axes),
                             out_specs=P(None, "feature"))(scores)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(MeshAxes()))
    scores = jax.random.uniform(jax.random.key(7), (8, 4))
    return mesh, jax.device_put(scores, NamedSharding(mesh, P(*MeshAxes())))


def main(mesh, scores):
    sampler = ClientSampler(mesh)
    print(jax.device_get(sampler(scores)).shape)


if __name__ == "__main__":
    main(*inputs())
