"""Local magnitude (ML) of catalogue events: amplitudes pooled over the station network."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STATION, COMPONENT = "station", "component"
NETWORK = (STATION, COMPONENT)


def pool_component(log_amp):
    return jax.lax.all_gather(log_amp, COMPONENT, axis=1, tiled=True, to="reduced")


def network_amplitudes(log_amp):
    per_station = log_amp
    return jax.lax.all_gather(per_station, STATION, axis=0, tiled=True, to="reduced")


def local_magnitude(amplitude):
    return network_amplitudes(jnp.log10(amplitude))


def inputs():
    rng = np.random.default_rng(202)
    return (rng.lognormal(0.0, 1.0, (16, 6)).astype(np.float32),)


def main(amplitude):
    mesh = jax.make_mesh((4, 2), NETWORK)
    amplitude = jax.device_put(amplitude, NamedSharding(mesh, P(STATION, COMPONENT)))
    fn = jax.shard_map(local_magnitude, mesh=mesh, in_specs=P(STATION, COMPONENT),
                       out_specs=P(None, COMPONENT, reduced={STATION}))
    return fn(amplitude)


if __name__ == "__main__":
    print(main(*inputs()))
