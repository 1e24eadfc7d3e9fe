"""A TTS front end written as a list of stages: linear-to-mel, band gather, log compression."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def to_mel(spec, fb):
    return spec @ fb, fb


def gather_bands(mel, fb):
    return jax.lax.all_gather(mel, "band", axis=1, tiled=True, to="reduced"), fb


def log_clamp(mel, fb, floor=1e-5):
    return jnp.log(jnp.maximum(mel, floor)), fb


STAGES = [to_mel, gather_bands, log_clamp]


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
