"""Array beamforming of a seismic event: plugin hooks run on the stacked beam."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HOOKS = []


def on_beam(fn):
    HOOKS.append(fn)
    return fn


@on_beam
def beam_peak(beam, ctx):
    return jax.lax.pmax(beam, ctx["sensor_axis"])


class Beamformer:
    def __init__(self, sensor_axis, window_axis):
        self.ctx = {"sensor_axis": sensor_axis, "window_axis": window_axis}

    def __call__(self, traces):
        beam = jax.lax.all_gather(traces.mean(axis=0, keepdims=True), self.ctx["sensor_axis"],
                                  axis=0, tiled=True, to="reduced")
        return [hook(beam, self.ctx) for hook in HOOKS]


def inputs():
    rng = np.random.default_rng(203)
    return (rng.standard_normal((16, 32)).astype(np.float32),)


def main(traces):
    mesh = jax.make_mesh((4, 2), ("sensor", "window"))
    traces = jax.device_put(traces, NamedSharding(mesh, P("sensor", "window")))
    fn = jax.shard_map(Beamformer("sensor", "window"), mesh=mesh, in_specs=P("sensor", "window"),
                       out_specs=[P(None, "window")])
    return fn(traces)


if __name__ == "__main__":
    print(main(*inputs()))
