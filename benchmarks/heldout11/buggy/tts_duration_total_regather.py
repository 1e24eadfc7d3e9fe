"""A FastSpeech-like length regulator: phoneme durations sharded over the phoneme axis."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TTSConfig:
    utt_axis: str = "utt"
    phone_axis: str = "phone"
    max_frames: int = 400


def regulate(log_dur, cfg):
    dur = jnp.round(jnp.exp(log_dur))
    totals = jax.lax.psum(jnp.sum(dur, axis=1, keepdims=True), cfg.phone_axis)
    totals = jax.lax.all_gather(totals, cfg.phone_axis, axis=1, tiled=True, to="reduced")
    return jnp.cumsum(dur, axis=1), totals


def inputs():
    return (np.random.RandomState(40).rand(4, 32).astype(np.float32) * 2,)


def main(log_dur):
    cfg = TTSConfig()
    mesh = jax.make_mesh((2, 4), (cfg.utt_axis, cfg.phone_axis))
    spec = P(cfg.utt_axis, cfg.phone_axis)
    log_dur = jax.device_put(log_dur, NamedSharding(mesh, spec))
    f = jax.shard_map(lambda d: regulate(d, cfg), mesh=mesh, in_specs=spec,
                      out_specs=(spec, P(cfg.utt_axis, None, reduced={cfg.phone_axis})))
    return f(log_dur)


if __name__ == "__main__":
    print(main(*inputs())[1])
