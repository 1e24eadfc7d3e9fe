"""Ramp-metering FSM; the MEASURE state scatters network throughput back to the detectors."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Meter(Enum):
    IDLE = 0
    METERING = 1
    MEASURE = 2


TRANSITIONS = {
    (Meter.IDLE, "queue"): Meter.METERING,
    (Meter.METERING, "window"): Meter.MEASURE,
    (Meter.MEASURE, "done"): Meter.IDLE,
    (Meter.METERING, "flow"): Meter.IDLE,
}

MESH_AXES = ("corridors", "detectors")


class RampMeter:
    def __init__(self, mesh, reduce_axes=MESH_AXES):
        self.mesh = mesh
        self.reduce_axes = reduce_axes
        self.state = Meter.IDLE

    def measure(self, flow):
        corridor_ax, det_ax = self.mesh.axis_names
        # detectors of one corridor first: lane flows add up to a corridor flow
        corridor_flow = jax.lax.psum(flow, det_ax)
        return jax.lax.psum_scatter(corridor_flow, self.reduce_axes, scatter_dimension=0, tiled=True)

    def meter(self, flow):
        return flow * 0.8

    def on(self, event, flow):
        self.state = TRANSITIONS[(self.state, event)]
        handler = {Meter.METERING: self.meter, Meter.MEASURE: self.measure}.get(self.state)
        if handler is None:
            return flow
        out_spec = P(MESH_AXES) if self.state is Meter.MEASURE else P(*MESH_AXES)
        return jax.shard_map(handler, mesh=self.mesh, in_specs=P(*MESH_AXES), out_specs=out_spec)(flow)


def inputs():
    return (np.random.default_rng(13).uniform(0, 40, (16, 8)).astype(np.float32),)


def main(flow):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    flow = jax.device_put(flow, NamedSharding(mesh, P(*MESH_AXES)))
    meter = RampMeter(mesh)
    flow = meter.on("queue", flow)
    measured = meter.on("window", flow)
    meter.on("done", measured)
    print(meter.state, np.asarray(measured).shape)


if __name__ == "__main__":
    main(*inputs())
