"""FFT filter bank: per-channel spectral energy of the input, shared for gain normalisation."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ConvPlan:
    nfft: int = 8
    segment_axis: str = "seg"
    channel_axis: str = "chan"


def spectral_energy(x, plan):
    spectrum = jnp.fft.rfft(x, n=plan.nfft, axis=0)
    energy = jnp.sum(jnp.abs(spectrum) ** 2, axis=0, keepdims=True)
    return jax.lax.psum(energy, axis_name=plan.segment_axis)


def gain_table(x, plan):
    energy = spectral_energy(x, plan)
    return jax.lax.all_gather(energy, axis_name=plan.segment_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    return rng.standard_normal((32, 4)).astype(np.float32), ConvPlan()


def main(x, plan):
    mesh = jax.make_mesh((4, 2), (plan.segment_axis, plan.channel_axis))
    spec = P(plan.segment_axis, plan.channel_axis)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    body = functools.partial(gain_table, plan=plan)
    table = jax.shard_map(body, mesh=mesh, in_specs=spec,
                          out_specs=P(None, plan.channel_axis, reduced={plan.segment_axis}))
    return table(x)


if __name__ == "__main__":
    main(*inputs())
