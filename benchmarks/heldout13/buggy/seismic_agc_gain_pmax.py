"""Seismic processing: automatic gain control. Receivers are split over `rx`, shots over
`shot`; the peak amplitude of each shot gather sets the gain curve."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def peak_amplitude(gather, rx_axis):
    return jax.lax.pmax(jnp.max(jnp.abs(gather), axis=(1, 2), keepdims=True), rx_axis)


def gain_curve(gather, rx_axis="rx"):
    peak = peak_amplitude(gather, rx_axis)
    peaks = jax.lax.all_gather(peak, rx_axis, axis=1, tiled=True, to="reduced")
    return gather / peak, peaks


def main(gathers, mesh):
    spec = P("shot", "rx", None)
    gathers = jax.device_put(gathers, NamedSharding(mesh, spec))
    fn = jax.shard_map(gain_curve, mesh=mesh, in_specs=spec,
                       out_specs=(spec, P("shot", None, None, reduced={"rx"})))
    return fn(gathers)


def inputs():
    mesh = jax.make_mesh((2, 4), ("shot", "rx"))
    return jax.random.normal(jax.random.key(11), (4, 16, 32)), mesh
