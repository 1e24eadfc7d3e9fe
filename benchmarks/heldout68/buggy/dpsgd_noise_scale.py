import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class DPConfig:
    l2_clip: float = 1.0
    noise_multiplier: float = 1.1
    axes: tuple = ("replica", "param")


def _clip(per_example, l2_clip):
    norms = jnp.sqrt(jnp.sum(per_example ** 2, axis=-1, keepdims=True)) + 1e-6
    return per_example * jnp.minimum(1.0, l2_clip / norms)


def private_step(grads, *, replica_axis, param_axis, l2_clip, noise_multiplier):
    grads = _clip(grads, l2_clip)
    noisy = jax.lax.all_gather(grads, replica_axis, tiled=True, to="reduced")
    return noisy / noise_multiplier


def inputs():
    mesh = jax.make_mesh((4, 2), DPConfig().axes)
    grads = jnp.linspace(-1.0, 1.0, 32, dtype=jnp.float32).reshape(8, 4)
    return mesh, jax.device_put(grads, NamedSharding(mesh, P(*DPConfig().axes)))


def main(mesh, grads):
    cfg = DPConfig()
    replica, param = cfg.axes
    body = functools.partial(private_step, replica_axis=replica, param_axis=param,
                             l2_clip=cfg.l2_clip, noise_multiplier=cfg.noise_multiplier)
    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(replica, param), out_specs=P(None, "param")))
    print(jax.device_get(fn(grads)).shape)


if __name__ == "__main__":
    main(*inputs())
