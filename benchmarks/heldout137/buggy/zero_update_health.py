"""ranker/optim/zero_adam.py

ZeRO-1 Adam for the ranking tower: every data-parallel replica computes the full
gradient, the gradient is reduce-scattered over the data axis, and each replica
keeps only its slice of the Adam moments. Per-row update norms are collected for
the trainer's "update health" dashboard.
"""
import functools
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# optax_lite: the small slice of optax this repo vendors (no optax dependency on
# the cluster images). Kept deliberately close to optax's API.
# ---------------------------------------------------------------------------
class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class EmptyState(NamedTuple):
    pass


class ScaleByAdamState(NamedTuple):
    count: Any
    mu: Any
    nu: Any


class InjectHyperparamsState(NamedTuple):
    count: Any
    hyperparams: dict
    inner_state: Any


class MaskedState(NamedTuple):
    inner_state: Any


def chain(*transforms):
    def init_fn(params):
        return tuple(t.init(params) for t in transforms)

    def update_fn(updates, state, params=None):
        new_state = []
        for t, s in zip(transforms, state):
            updates, s = t.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)

    return GradientTransformation(init_fn, update_fn)


def scale(step_size):
    def init_fn(params):
        del params
        return EmptyState()

    def update_fn(updates, state, params=None):
        del params
        return jax.tree.map(lambda g: step_size * g, updates), state

    return GradientTransformation(init_fn, update_fn)


def scale_by_schedule(schedule):
    def init_fn(params):
        del params
        return jnp.zeros([], jnp.int32)

    def update_fn(updates, count, params=None):
        del params
        s = schedule(count)
        return jax.tree.map(lambda g: s * g, updates), count + 1

    return GradientTransformation(init_fn, update_fn)


def inject_hyperparams(factory):
    def wrapped(**hps):
        def init_fn(params):
            return InjectHyperparamsState(jnp.zeros([], jnp.int32), dict(hps), factory(**hps).init(params))

        def update_fn(updates, state, params=None):
            live = {k: (v(state.count) if callable(v) else v) for k, v in state.hyperparams.items()}
            updates, inner = factory(**live).update(updates, state.inner_state, params)
            return updates, InjectHyperparamsState(state.count + 1, state.hyperparams, inner)

        return GradientTransformation(init_fn, update_fn)

    return wrapped


def masked(inner, mask):
    def init_fn(params):
        return MaskedState(inner.init(_pick(params, mask)))

    def update_fn(updates, state, params=None):
        picked = _pick(updates, mask)
        new, inner_state = inner.update(picked, state.inner_state, None if params is None else _pick(params, mask))
        merged = {k: (new[k] if mask[k] else v) for k, v in updates.items()}
        return merged, MaskedState(inner_state)

    return GradientTransformation(init_fn, update_fn)


def _pick(tree, mask):
    return {k: v for k, v in tree.items() if mask[k]}


def multi_transform(transforms, labels):
    def init_fn(params):
        return {name: t.init({k: v for k, v in params.items() if labels[k] == name})
                for name, t in transforms.items()}

    def update_fn(updates, state, params=None):
        out, new_state = {}, {}
        for name, t in transforms.items():
            part = {k: v for k, v in updates.items() if labels[k] == name}
            p = None if params is None else {k: v for k, v in params.items() if labels[k] == name}
            new, new_state[name] = t.update(part, state[name], p)
            out.update(new)
        return out, new_state

    return GradientTransformation(init_fn, update_fn)


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: p + u, params, updates)


def warmup_cosine(peak, warmup, total):
    def schedule(count):
        c = jnp.asarray(count, jnp.float32)
        warm = peak * c / max(warmup, 1)
        cos = 0.5 * peak * (1 + jnp.cos(jnp.pi * jnp.clip((c - warmup) / max(total - warmup, 1), 0.0, 1.0)))
        return jnp.where(c < warmup, warm, cos)

    return schedule
# --------------------------- end optax_lite ---------------------------------


class ZeroConfig(NamedTuple):
    dp_axis: str = "data"
    tp_axis: str = "model"
    health_axis: str = "data"


def zero_scale_by_adam(mesh, cfg, b1=0.9, b2=0.999, eps=1e-8):
    """Adam whose moments live only on the replica that owns the row block."""
    rep = mesh.shape[cfg.dp_axis]
    shard = P(cfg.dp_axis, cfg.tp_axis)

    def _moment_step(g_full, mu, nu, count):
        g = jax.lax.psum_scatter(g_full, cfg.dp_axis, scatter_dimension=0, tiled=True) / rep
        mu = b1 * mu + (1 - b1) * g
        nu = b2 * nu + (1 - b2) * g * g
        mu_hat = mu / (1 - b1 ** count)
        nu_hat = nu / (1 - b2 ** count)
        step = mu_hat / (jnp.sqrt(nu_hat) + eps)
        row_sq = jax.lax.psum(jnp.sum(step * step, axis=1), cfg.tp_axis)
        row_norm = jax.lax.psum(jnp.sqrt(jnp.sum(row_sq)), cfg.dp_axis)
        health = jax.lax.all_gather(row_norm, cfg.health_axis, to="reduced")
        return step, mu, nu, health

    moment_step = jax.shard_map(
        _moment_step, mesh=mesh,
        in_specs=(shard, shard, shard, P()),
        out_specs=(shard, shard, shard, P(reduced={cfg.health_axis})))

    def init_fn(params):
        return ScaleByAdamState(jnp.zeros([], jnp.int32),
                                jax.tree.map(jnp.zeros_like, params),
                                jax.tree.map(jnp.zeros_like, params))

    def update_fn(updates, state, params=None):
        del params
        count = state.count + 1
        c = count.astype(jnp.float32)
        out, mu, nu, health = {}, {}, {}, {}
        for k in updates:
            out[k], mu[k], nu[k], health[k] = moment_step(updates[k], state.mu[k], state.nu[k], c)
        return out, ScaleByAdamState(count, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def make_optimizer(mesh, cfg, lr=3e-4):
    return chain(zero_scale_by_adam(mesh, cfg), scale_by_schedule(warmup_cosine(lr, 10, 100)), scale(-1.0))


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    cfg = ZeroConfig()
    rng = np.random.default_rng(0)
    shard = NamedSharding(mesh, P("data", "model"))
    params = {"tower": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), shard),
              "head": jax.device_put(rng.normal(size=(8, 4)).astype(np.float32), shard)}
    # each data replica contributes a full-size gradient, stacked along rows
    grads = {"tower": jax.device_put(rng.normal(size=(64, 8)).astype(np.float32), shard),
             "head": jax.device_put(rng.normal(size=(32, 4)).astype(np.float32), shard)}
    return mesh, cfg, params, grads


def main(mesh, cfg, params, grads):
    with jax.set_mesh(mesh):
        opt = make_optimizer(mesh, cfg)
        state = opt.init(params)
        for _ in range(2):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print({k: float(jnp.abs(v).sum()) for k, v in params.items()})


if __name__ == "__main__":
    main(*inputs())
