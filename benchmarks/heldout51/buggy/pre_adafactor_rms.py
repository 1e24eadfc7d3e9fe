"""Adafactor update clipping: each leaf's update is divided by max(1, RMS(update) / d)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _rms(update, *, axes):
    return jnp.sqrt(jax.lax.pmean(jnp.mean(update * update), axis_name=axes))


def clip_update(update, *, threshold=1.0, axes=("fsdp", "tensor")):
    denom = jnp.maximum(1.0, _rms(update, axes=axes) / threshold)
    return update / denom


def inputs():
    rng = np.random.default_rng(13)
    return ({"kernel": rng.normal(size=(8, 16)).astype(np.float32),
             "bias": rng.normal(size=(8,)).astype(np.float32)},)


def main(updates):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    specs = {"kernel": P("fsdp", "tensor"), "bias": P("fsdp")}
    updates = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in updates.items()}
    clip = functools.partial(clip_update, threshold=1.0)

    def body(u):
        return jax.tree.map(clip, u)

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=specs)(updates)


if __name__ == "__main__":
    main(*inputs())
