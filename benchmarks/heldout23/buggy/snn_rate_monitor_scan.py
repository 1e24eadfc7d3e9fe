"""Leaky integrate-and-fire populations with a population-rate monitor (Brian-like API)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DT, TAU, V_TH, V_RESET = 1e-3, 2e-2, 1.0, 0.0


class RateMonitor:
    def __init__(self, axis):
        self.axis = axis

    def record(self, spike_trace):
        rate = jax.lax.pmean(jnp.mean(spike_trace, axis=1), self.axis) / DT
        return jax.lax.all_gather(rate, self.axis, to="reduced")


class NeuronGroup:
    def __init__(self, pop_axis="pop", neuron_axis="neuron"):
        self.pop_axis, self.neuron_axis = pop_axis, neuron_axis
        self.monitor = RateMonitor(neuron_axis)

    def run(self, v0, drive):
        def step(v, i_t):
            v = v + DT / TAU * (-v + i_t)
            spikes = (v >= V_TH).astype(jnp.float32)
            v = jnp.where(spikes > 0, V_RESET, v)
            return v, spikes

        v, spike_trace = jax.lax.scan(step, v0, drive)
        return v, self.monitor.record(spike_trace)


def inputs():
    rng = np.random.default_rng(60)
    return (rng.uniform(0, 1, size=(64,)).astype(np.float32),
            rng.uniform(0.5, 2.5, size=(20, 64)).astype(np.float32))


def main(v0, drive):
    group = NeuronGroup()
    mesh = jax.make_mesh((2, 4), (group.pop_axis, group.neuron_axis))
    cells = P((group.pop_axis, group.neuron_axis))
    v0 = jax.device_put(v0, NamedSharding(mesh, cells))
    drive = jax.device_put(drive, NamedSharding(mesh, P(None, cells[0])))
    return jax.shard_map(group.run, mesh=mesh, in_specs=(cells, P(None, cells[0])),
                         out_specs=(cells, P(group.pop_axis, None, reduced={group.neuron_axis})))(v0, drive)


if __name__ == "__main__":
    v, rates = main(*inputs())
    print(rates.shape)
