"""Reverse-time migration: zero-lag cross-correlation imaging condition stacked over shots."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Survey(NamedTuple):
    shot_axis: str = "shot"
    offset_axis: str = "x"
    nt: int = 6
    dt: float = 0.002


def _to_model_space(image, axis):
    return jax.lax.all_gather(image, axis, axis=0, tiled=True, to="reduced")


def migrate(src, rcv, survey=Survey()):
    def step(t, image):
        return image + src[t] * rcv[survey.nt - 1 - t]

    image = jax.lax.fori_loop(0, survey.nt, step, jnp.zeros_like(src[0]))
    stacked = jax.lax.psum(image, survey.shot_axis)
    return _to_model_space(stacked, survey.shot_axis)


def inputs():
    rng = np.random.default_rng(2611)
    src = rng.standard_normal((6, 8, 16)).astype(np.float32)
    return src, rng.standard_normal((6, 8, 16)).astype(np.float32)


def main(src, rcv):
    survey = Survey()
    mesh = jax.make_mesh((2, 4), (survey.shot_axis, survey.offset_axis))
    spec = P(None, survey.shot_axis, survey.offset_axis)
    src = jax.device_put(src, NamedSharding(mesh, spec))
    rcv = jax.device_put(rcv, NamedSharding(mesh, spec))
    fn = jax.shard_map(migrate, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, survey.offset_axis, reduced={survey.shot_axis}))
    return fn(src, rcv)


if __name__ == "__main__":
    print(main(*inputs()))
