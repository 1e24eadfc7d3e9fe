"""A TTS front end as a list of stages: log compression before the band gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def to_mel(spec, fb):
    return spec @ fb, fb


def log_clamp(mel, fb, floor=1e-5):
    return jnp.log(jnp.maximum(mel, floor)), fb


def gather_bands(mel, fb):
    return jax.lax.all_gather(mel, "band", axis=1, tiled=True, to="reduced"), fb


STAGES = [to_mel, log_clamp, gather_bands]


def frontend(spec, fb):
    state = (spec, fb)
    for stage in STAGES:
        state = stage(*state)
    return state[0]


def inputs():
    r = np.random.RandomState(45)
    return np.abs(r.randn(8, 64)).astype(np.float32), np.abs(r.randn(64, 32)).astype(np.float32) * 0.05


def main(spec, fb):
    mesh = jax.make_mesh((2, 4), ("utt", "band"))
    spec = jax.device_put(spec, NamedSharding(mesh, P("utt", None)))
    fb = jax.device_put(fb, NamedSharding(mesh, P(None, "band")))
    return jax.shard_map(frontend, mesh=mesh, in_specs=(P("utt", None), P(None, "band")),
                         out_specs=P("utt", None, reduced={"band"}))(spec, fb)


if __name__ == "__main__":
    print(main(*inputs()).shape)
