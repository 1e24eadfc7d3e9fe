"""Exponential moving average of parameters (Polyak averaging) with a replicated EMA copy."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "data"
MODEL_AXIS = "model"


class EmaState(NamedTuple):
    count: jax.Array
    ema: dict


def ema_init(params):
    return EmaState(count=jnp.zeros([], jnp.int32), ema=jax.tree.map(jnp.zeros_like, params))


def ema_update(params, state, *, decay, gather_axes=(DATA_AXIS, MODEL_AXIS)):
    ema = jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, state.ema, params)
    cols = jax.tree.map(lambda e: jax.lax.all_gather(e, MODEL_AXIS, axis=1, tiled=True, to="reduced"), ema)
    full = jax.tree.map(lambda c: jax.lax.all_gather(c, gather_axes, axis=0, tiled=True, to="reduced"), cols)
    return full, EmaState(count=state.count + 1, ema=ema)


def inputs():
    rng = np.random.default_rng(1)
    return ({"kernel": rng.normal(size=(8, 16)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), (DATA_AXIS, MODEL_AXIS))
    spec = {"kernel": P(DATA_AXIS, MODEL_AXIS)}
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, spec)
    update = functools.partial(ema_update, decay=0.99)

    def body(p):
        full, _ = update(p, ema_init(p))
        return full

    out = {"kernel": P(None, None, reduced={DATA_AXIS, MODEL_AXIS})}
    return jax.shard_map(body, mesh=mesh, in_specs=(spec,), out_specs=out)(params)


if __name__ == "__main__":
    main(*inputs())
