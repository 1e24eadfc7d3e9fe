"""Imagen-style dynamic thresholding inside a fori_loop sampler; the percentile is estimated on all shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("batch", "chan")
BATCH, CHAN = MESH_AXES


def threshold_scale(x0, ratio=0.995):
    local = jnp.mean(jnp.abs(x0) >= ratio, axis=-1)
    frac = jax.lax.psum(local, CHAN)
    return jax.lax.pmean(frac.mean(), MESH_AXES)


def make_sampler(num_steps=3):
    def body(x0_pred):
        def step(i, x):
            s = jnp.maximum(threshold_scale(x), 1.0)
            x = jnp.clip(x, -s, s) / s
            return x * 0.9
        return jax.lax.fori_loop(0, num_steps, step, x0_pred)
    return body


def inputs():
    return (np.random.default_rng(12).standard_normal((4, 16), dtype=np.float32) * 2,)


def main(x0_pred):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    x0_pred = jax.device_put(x0_pred, NamedSharding(mesh, P(BATCH, CHAN)))
    out = jax.shard_map(make_sampler(), mesh=mesh, in_specs=P(BATCH, CHAN), out_specs=P(BATCH, CHAN))(x0_pred)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
