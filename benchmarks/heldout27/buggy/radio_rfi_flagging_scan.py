"""AOFlagger-like RFI flagging: a scan over time blocks compares each channel's peak to the band."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIGMA = 5.0


def flag_blocks(amps, chan_axis="chan"):
    def block(carry, amp_t):
        spectrum = jax.lax.all_gather(jnp.abs(amp_t), chan_axis, axis=1, tiled=True, to="reduced")
        peak = jax.lax.pmax(jnp.sum(spectrum, axis=1), chan_axis)
        flags = jnp.abs(amp_t) > SIGMA * peak[:, None] / spectrum.shape[1]
        return carry + jnp.sum(flags), flags

    total, flags = jax.lax.scan(block, jnp.zeros_like(amps[0, 0, 0], dtype=jnp.int32), amps)
    return flags


def inputs():
    rng = np.random.default_rng(62)
    amps = rng.normal(size=(3, 32, 8)).astype(np.float32)
    amps[1, 5, 3] = 200.0
    return (amps,)


def main(amps):
    mesh = jax.make_mesh((4, 2), ("baselines", "chan"))
    spec = P(None, "baselines", "chan")
    amps = jax.device_put(amps, NamedSharding(mesh, spec))
    return jax.shard_map(flag_blocks, mesh=mesh, in_specs=spec, out_specs=spec)(amps)


if __name__ == "__main__":
    print(main(*inputs()))
