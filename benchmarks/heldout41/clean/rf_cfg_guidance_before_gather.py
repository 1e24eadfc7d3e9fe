"""Classifier-free guidance for a rectified-flow sampler with channel-sharded velocity heads."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_channels(v, axis_name):
    return jax.lax.all_gather(v, axis_name, axis=1, tiled=True, to="reduced")


def guided_velocity(v_cond, v_uncond, *, guidance_scale=4.0, axis_name="model"):
    guided = v_uncond + guidance_scale * (v_cond - v_uncond)
    return gather_channels(guided, axis_name)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((8, 16)).astype(np.float32))


def main(v_cond, v_uncond):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    v_cond = jax.device_put(v_cond, NamedSharding(mesh, spec))
    v_uncond = jax.device_put(v_uncond, NamedSharding(mesh, spec))
    body = functools.partial(guided_velocity, guidance_scale=7.5)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P("data", None, reduced={"model"}))(v_cond, v_uncond)


if __name__ == "__main__":
    main(*inputs())
