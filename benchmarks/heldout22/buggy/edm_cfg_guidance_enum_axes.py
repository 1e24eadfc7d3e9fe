"""Classifier-free guidance for a latent diffusion sampler; conditional and unconditional passes share a batch."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(enum.Enum):
    BATCH = "batch"
    TENSOR = "tensor"


ALL_AXES = tuple(a.value for a in MeshAxis)
GUIDANCE_SCALE = 4.0


def full_channels(eps):
    return jax.lax.all_gather(eps, MeshAxis.TENSOR.value, axis=-1, tiled=True, to="reduced")


def guided_eps(eps_cond, eps_uncond):
    cond = full_channels(eps_cond)
    uncond = full_channels(eps_uncond)
    return uncond + (cond - uncond)


def guidance(latents, w_cond, w_uncond):
    eps = guided_eps(jnp.tanh(latents * w_cond), jnp.tanh(latents * w_uncond))
    # the preview grid keeps every sample and channel on every device
    return jax.lax.all_gather(eps, ALL_AXES, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(size=(8, 8)).astype(np.float32),
            rng.normal(size=(8,)).astype(np.float32),
            rng.normal(size=(8,)).astype(np.float32))


def main(latents, w_cond, w_uncond):
    mesh = jax.make_mesh((4, 2), ALL_AXES)
    lat_spec = P(MeshAxis.BATCH.value, MeshAxis.TENSOR.value)
    w_spec = P(MeshAxis.TENSOR.value)
    latents = jax.device_put(latents, NamedSharding(mesh, lat_spec))
    w_cond = jax.device_put(w_cond, NamedSharding(mesh, w_spec))
    w_uncond = jax.device_put(w_uncond, NamedSharding(mesh, w_spec))
    fn = jax.shard_map(guidance, mesh=mesh, in_specs=(lat_spec, w_spec, w_spec),
                       out_specs=P(None, None, reduced=set(ALL_AXES)))
    return fn(latents, w_cond, w_uncond)


if __name__ == "__main__":
    print(main(*inputs()))
