"""Automatic generation control: area control error, averaged over the areas only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INTERCONNECTION = ("area", "bus")
BIAS = 20.0


def area_control_error(p_gen, p_load, freq_dev, axes=INTERCONNECTION):
    area_axis, bus_axis = axes
    net = jax.lax.psum((p_gen - p_load).sum(axis=-1), bus_axis)
    ace = net + BIAS * freq_dev.mean(axis=-1)
    return jax.lax.pmean(ace, axis_name=area_axis)


def inputs():
    rng = np.random.default_rng(31)
    p_gen = rng.uniform(0.4, 1.0, (4, 16)).astype(np.float32)
    p_load = rng.uniform(0.4, 1.0, (4, 16)).astype(np.float32)
    freq_dev = 0.01 * rng.standard_normal((4, 16)).astype(np.float32)
    return p_gen, p_load, freq_dev


def main(p_gen, p_load, freq_dev):
    mesh = jax.make_mesh((2, 4), INTERCONNECTION)
    sharding = NamedSharding(mesh, P("area", "bus"))
    p_gen, p_load = jax.device_put(p_gen, sharding), jax.device_put(p_load, sharding)
    freq_dev = jax.device_put(freq_dev, NamedSharding(mesh, P("area", None)))
    return jax.shard_map(area_control_error, mesh=mesh,
                         in_specs=(P("area", "bus"), P("area", "bus"), P("area", None)),
                         out_specs=P())(p_gen, p_load, freq_dev)


if __name__ == "__main__":
    main(*inputs())
