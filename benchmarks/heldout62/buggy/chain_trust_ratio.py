"""A LARS-like trust-ratio transformation whose state keeps the per-shard parameter norms."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class TrustRatioState(NamedTuple):
    param_sq_norms: Any


def _per_shard_sq_norm(p, axis_name):
    return jax.lax.all_gather(jnp.sum(p * p)[None], axis_name, to="reduced", tiled=True)


def _global(sq, axis_name):
    return jax.lax.psum(jnp.sum(sq), axis_name)


def scale_by_trust_ratio(axis_name="shard", eps=1e-6):
    def init(params):
        return TrustRatioState(jax.tree.map(lambda p: _per_shard_sq_norm(p, axis_name), params))

    def update(updates, state, params=None):
        p_norm = jax.tree.map(lambda sq: jnp.sqrt(_global(sq, axis_name)), state.param_sq_norms)
        u_norm = jax.tree.map(lambda u: jnp.sqrt(jax.lax.psum(jnp.sum(u * u), axis_name)), updates)
        ratio = jax.tree.map(lambda pn, un: pn / (un + eps), p_norm, u_norm)
        return jax.tree.map(lambda u, r: u * r, updates, ratio), state

    return GradientTransformation(init, update)


def inputs():
    rng = np.random.default_rng(6)
    params = {"w": rng.normal(size=(4, 16)).astype(np.float32)}
    grads = {"w": rng.normal(size=(4, 16)).astype(np.float32)}
    return params, grads


def main(params, grads):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    spec = {"w": P(None, "shard")}
    params = jax.device_put(params, NamedSharding(mesh, spec["w"]))
    grads = jax.device_put(grads, NamedSharding(mesh, spec["w"]))
    tx = scale_by_trust_ratio()

    def step(params, grads):
        updates, _ = tx.update(grads, tx.init(params), params)
        return updates

    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(params, grads)


if __name__ == "__main__":
    main(*inputs())
