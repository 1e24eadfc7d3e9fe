"""Adafactor relative step size: the learning rate scaled by the parameter's RMS."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def relative_step(param, *, shard_axis, base_lr, eps2=1e-3):
    full = jax.lax.all_gather(param, shard_axis, axis=0, tiled=True, to="reduced")
    rms = jnp.sqrt(jnp.mean(full * full))
    return base_lr * jnp.maximum(rms, eps2)


def inputs():
    rng = np.random.default_rng(9)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(param):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    param = jax.device_put(param, NamedSharding(mesh, P("fsdp", None)))
    body = functools.partial(relative_step, shard_axis="fsdp", base_lr=1e-2)
    return jax.shard_map(body, mesh=mesh, in_specs=P("fsdp", None), out_specs=P())(param)


if __name__ == "__main__":
    print(main(*inputs()))
