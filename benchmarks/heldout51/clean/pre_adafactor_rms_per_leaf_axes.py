"""Adafactor update clipping; each leaf's RMS is reduced over the axes that leaf is split on."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _rms(update, *, axes):
    return jnp.sqrt(jax.lax.pmean(jnp.mean(update * update), axis_name=axes))


def clip_update(update, axes, *, threshold=1.0):
    denom = jnp.maximum(1.0, _rms(update, axes=axes) / threshold)
    return update / denom


def inputs():
    rng = np.random.default_rng(104)
    return ({"kernel": rng.normal(size=(8, 16)).astype(np.float32),
             "bias": rng.normal(size=(8,)).astype(np.float32)},)


def main(updates):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    specs = {"kernel": P("fsdp", "tensor"), "bias": P("fsdp")}
    reduce_axes = {"kernel": ("fsdp", "tensor"), "bias": ("fsdp",)}
    updates = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in updates.items()}
    clip = functools.partial(clip_update, threshold=1.0)

    def body(u):
        return {k: clip(v, reduce_axes[k]) for k, v in u.items()}

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=specs)(updates)


if __name__ == "__main__":
    main(*inputs())
