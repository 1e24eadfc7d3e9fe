"""Prepare shot gathers for migration: traces of a gather are shared across the receiver
shards and tapered with a Hann window before the FFT."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_RX = 16


def taper_gather(traces):
    window = jnp.hanning(N_RX)[:, None]
    gather = jax.lax.all_gather(traces, "rx", axis=0, tiled=True, to="reduced")
    tapered = gather * window
    return tapered


def main(traces, mesh):
    traces = jax.device_put(traces, NamedSharding(mesh, P("rx", "t")))
    fn = jax.shard_map(taper_gather, mesh=mesh, in_specs=P("rx", "t"),
                       out_specs=P(None, "t", reduced={"rx"}))
    return fn(traces)


def inputs():
    mesh = jax.make_mesh((4, 2), ("rx", "t"))
    return jax.random.normal(jax.random.key(14), (N_RX, 32)), mesh
