"""Signal-to-noise ratio of codec reconstructions, averaged over the whole mesh."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = tuple(os.environ.get("CODEC_MESH_AXES", "batch,time").split(","))
FRAME_AXIS = os.environ.get("CODEC_FRAME_AXIS", MESH_AXES[-1])


def snr_db(clean, recon):
    signal = jax.lax.psum(jnp.sum(clean ** 2, axis=-1), FRAME_AXIS)
    noise = jax.lax.psum(jnp.sum((clean - recon) ** 2, axis=-1), FRAME_AXIS)
    return 10.0 * jnp.log10(signal / (noise + 1e-8))


def mean_snr(clean, recon):
    per_clip = snr_db(clean, recon)
    per_clip = jax.lax.pcast(per_clip, FRAME_AXIS, to="varying")
    return jax.lax.pmean(per_clip.mean(), MESH_AXES)


def inputs():
    rng = np.random.default_rng(3)
    clean = rng.standard_normal((4, 64)).astype(np.float32)
    return clean, (clean + 0.1 * rng.standard_normal((4, 64))).astype(np.float32)


def main(clean, recon):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    sh = NamedSharding(mesh, P(*MESH_AXES))
    fn = jax.shard_map(mean_snr, mesh=mesh, in_specs=(P(*MESH_AXES),) * 2, out_specs=P())
    return fn(jax.device_put(clean, sh), jax.device_put(recon, sh))


if __name__ == "__main__":
    print(main(*inputs()))
