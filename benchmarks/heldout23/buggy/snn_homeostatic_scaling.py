import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TARGET_RATE = 5.0  # Hz
WINDOW = 0.5       # s


def population_rate(spike_counts, neuron_axis="neuron"):
    n = jax.lax.psum(spike_counts.shape[0], neuron_axis)
    return jax.lax.psum(jnp.sum(spike_counts), neuron_axis) / (n * WINDOW)


def homeostatic_scale(rate, target=TARGET_RATE):
    axes = jax.sharding.get_abstract_mesh().axis_names
    return target / jax.lax.pmean(rate, axes)


def rescale_weights(w, spike_counts):
    return w * homeostatic_scale(population_rate(spike_counts))


def inputs():
    rng = np.random.default_rng(64)
    return (rng.uniform(size=(64, 16)).astype(np.float32),
            rng.poisson(3.0, size=(64,)).astype(np.float32))


def main(w, counts):
    mesh = jax.make_mesh((2, 4), ("pop", "neuron"))
    cells = P(("pop", "neuron"))
    w = jax.device_put(w, NamedSharding(mesh, P(("pop", "neuron"), None)))
    counts = jax.device_put(counts, NamedSharding(mesh, cells))
    return jax.shard_map(rescale_weights, mesh=mesh, in_specs=(P(("pop", "neuron"), None), cells),
                         out_specs=P(("pop", "neuron"), None))(w, counts)


if __name__ == "__main__":
    print(main(*inputs()).mean())
