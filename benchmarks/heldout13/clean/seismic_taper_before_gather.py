"""Shot-gather tapering: each receiver shard applies its slice of the Hann window, then the
tapered traces are gathered as a reduced array."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_RX = 16


def taper_gather(traces):
    n_local = traces.shape[0]
    start = jax.lax.axis_index("rx") * n_local
    window = jax.lax.dynamic_slice_in_dim(jnp.hanning(N_RX), start, n_local)[:, None]
    return jax.lax.all_gather(traces * window, "rx", axis=0, tiled=True, to="reduced")


def main(traces, mesh):
    traces = jax.device_put(traces, NamedSharding(mesh, P("rx", "t")))
    fn = jax.shard_map(taper_gather, mesh=mesh, in_specs=P("rx", "t"),
                       out_specs=P(None, "t", reduced={"rx"}))
    return fn(traces)


def inputs():
    mesh = jax.make_mesh((4, 2), ("rx", "t"))
    return jax.random.normal(jax.random.key(55), (N_RX, 32)), mesh
