"""scale_by_adam: bias correction is applied to the local moments, then the update is gathered."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class ScaleByAdamState(NamedTuple):
    count: jax.Array
    mu: jax.Array
    nu: jax.Array


def _bias_correction(moment, decay, count):
    return moment / (1 - decay ** count)


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-8, *, shard_axis="model"):
    def init_fn(params):
        return ScaleByAdamState(count=jnp.zeros([], jnp.int32), mu=jnp.zeros_like(params),
                                nu=jnp.zeros_like(params))

    def update_fn(updates, state, params=None):
        mu = b1 * state.mu + (1 - b1) * updates
        nu = b2 * state.nu + (1 - b2) * updates ** 2
        count = state.count + 1
        step = _bias_correction(mu, b1, count) / (jnp.sqrt(_bias_correction(nu, b2, count)) + eps)
        full = jax.lax.all_gather(step, shard_axis, axis=1, tiled=True, to="reduced")
        return full, ScaleByAdamState(count, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    rng = np.random.default_rng(102)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    grads = jax.device_put(grads, NamedSharding(mesh, P("data", "model")))
    tx = scale_by_adam()

    def body(g):
        updates, _ = tx.update(g, tx.init(g))
        return updates

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", None, reduced={"model"}))(grads)


if __name__ == "__main__":
    main(*inputs())
