"""Ramp-metering FSM; MEASURE scatters each corridor's flow back over its detectors."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Meter(Enum):
    IDLE = 0
    METERING = 1
    MEASURE = 2


TRANSITIONS = {(Meter.IDLE, "queue"): Meter.METERING, (Meter.METERING, "window"): Meter.MEASURE,
               (Meter.MEASURE, "done"): Meter.IDLE}
AXES = ("corridors", "detectors")


def measure(flow):
    # reduce-scatter over the detectors only: the corridors stay split
    return jax.lax.psum_scatter(flow, AXES[1], scatter_dimension=0, tiled=True)


def meter(flow):
    return flow * 0.8


def inputs():
    return (np.random.default_rng(13).uniform(0, 40, (16, 8)).astype(np.float32),)


def main(flow):
    mesh = jax.make_mesh((2, 4), AXES)
    spec = P(*AXES)
    flow = jax.device_put(flow, NamedSharding(mesh, spec))
    kernels = {
        Meter.METERING: jax.shard_map(meter, mesh=mesh, in_specs=spec, out_specs=spec),
        Meter.MEASURE: jax.shard_map(measure, mesh=mesh, in_specs=spec, out_specs=P(AXES, None)),
    }
    state, measured = Meter.IDLE, None
    for ev in ["queue", "window", "done"]:
        state = TRANSITIONS[(state, ev)]
        if state is Meter.METERING:
            flow = kernels[state](flow)
        elif state is Meter.MEASURE:
            measured = kernels[state](flow)
    print(state, np.asarray(measured).shape)


if __name__ == "__main__":
    main(*inputs())
