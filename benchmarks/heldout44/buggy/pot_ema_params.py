"""Exponential moving average of the potential's parameters, kept as a full copy on every device."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_AXIS = "model"


def full_params(params):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, MODEL_AXIS, axis=0, tiled=True, to="reduced"), params)


def ema_update(ema, params, decay):
    full = full_params(params)
    synced = jax.tree.map(functools.partial(jax.lax.pmean, axis_name=MODEL_AXIS), full)
    return jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, ema, synced)


def init(rng, sizes):
    return {f"layer_{i}": {"w": rng.normal(size=(a, b)).astype(np.float32),
                           "b": np.zeros((a,), np.float32)}
            for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))}


def inputs():
    rng = np.random.default_rng(38)
    params = init(rng, (8, 8, 4))
    ema = jax.tree.map(np.copy, params)
    return params, ema


def main(params, ema):
    mesh = jax.make_mesh((2, 4), ("data", MODEL_AXIS))
    param_specs = jax.tree.map(lambda p: P(MODEL_AXIS, *([None] * (p.ndim - 1))), params)
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, param_specs)
    ema = jax.device_put(ema, NamedSharding(mesh, P()))
    ema_specs = jax.tree.map(lambda p: P(), ema)
    update = functools.partial(ema_update, decay=0.99)
    return jax.shard_map(lambda e, p: update(e, p), mesh=mesh, in_specs=(ema_specs, param_specs),
                         out_specs=ema_specs)(ema, params)


if __name__ == "__main__":
    main(*inputs())
