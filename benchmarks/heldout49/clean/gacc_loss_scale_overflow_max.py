"""Dynamic loss scaling: skip the step when any shard saw a non-finite accumulated gradient."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_SCALE = {"init": 2.0 ** 15, "growth_interval": 2000, "backoff": 0.5}


def unscale(grads, scale):
    return grads / scale


def all_finite(g, axis):
    full = jax.lax.all_gather(g, axis, axis=0, tiled=True, to="reduced")
    bad = jnp.max(jnp.abs(full))
    return jax.lax.pmax(bad, axis)


def check_step(grads, *, axis, scale):
    g = unscale(grads, scale)
    worst = all_finite(g, axis)
    return jnp.isfinite(worst)[None], g


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    g = np.random.default_rng(43).normal(size=(32, 8)).astype(np.float32)
    return mesh, jax.device_put(g, NamedSharding(mesh, P("data", "model")))


def main(mesh, grads):
    fn = functools.partial(check_step, axis="data", scale=LOSS_SCALE["init"])
    f = jax.shard_map(fn, mesh=mesh, in_specs=P("data", "model"), out_specs=(P("model"), P("data", "model")))
    return f(grads)


if __name__ == "__main__":
    main(*inputs())
