import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Callback:
    def on_round_end(self, rnd, state):
        return state


class MetricCallback(Callback):
    decay = 0.9

    def __init__(self, mesh):
        self.mesh = mesh
        self.client, self.layer = mesh.axis_names

    def _reduce(self, values):
        metric_sum = jax.lax.psum(values, self.layer)
        return jax.lax.pmean(metric_sum, (self.client, self.layer))

    def on_round_end(self, rnd, state):
        fn = jax.shard_map(self._reduce, mesh=self.mesh, in_specs=P(self.client, self.layer), out_specs=P())
        return fn(state)


def run_rounds(state, callbacks, num_rounds=2):
    for rnd in range(num_rounds):
        for cb in callbacks:
            state = cb.on_round_end(rnd, state)
    return state


def inputs():
    mesh = jax.make_mesh((4, 2), ("fleet", "layer"))
    state = jnp.full((8, 4), 0.5, jnp.float32)
    return mesh, jax.device_put(state, NamedSharding(mesh, P("fleet", "layer")))


def main(mesh, state):
    out = run_rounds(state, [MetricCallback(mesh)], num_rounds=1)
    print(jax.device_get(out).shape)


if __name__ == "__main__":
    main(*inputs())
