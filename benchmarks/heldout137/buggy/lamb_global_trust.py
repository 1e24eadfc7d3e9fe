"""recsys/optim/lamb_global_trust.py

LAMB for the DLRM top MLP with a global (not per-layer) trust ratio, the variant
the large-batch sweeps found more stable for the interaction layer. The squared
norms of weights and updates are reduced once over the whole mesh; the axes come
from the sweep's optimizer config.
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


SWEEP = {"optimizer": {"name": "lamb_global", "lr": 2e-3, "norm_axes": ["data", "model"]}}


class GlobalTrustState(NamedTuple):
    mu: Any
    nu: Any
    trust: Any


def lamb_global_trust(mesh, norm_axes, eps=1e-6):
    axes = tuple(norm_axes)
    w_spec = P(None, "model")
    g_spec = P("data", None, "model")

    def _sq(g, w, mu, nu):
        g = jax.lax.pmean(g[0], "data")
        mu = 0.9 * mu + 0.1 * g
        nu = 0.99 * nu + 0.01 * g * g
        u = mu / (jnp.sqrt(nu) + eps)
        u_sq = jax.lax.psum(jnp.sum(u * u), axes)
        w_sq = jax.lax.psum(jnp.sum(w * w), axes)
        return u, mu, nu, u_sq, w_sq

    sq = jax.shard_map(_sq, mesh=mesh, in_specs=(g_spec, w_spec, w_spec, w_spec),
                       out_specs=(w_spec, w_spec, w_spec, P(), P()))

    def init_fn(params):
        z = jax.tree.map(jnp.zeros_like, params)
        return GlobalTrustState(z, jax.tree.map(jnp.zeros_like, params), jnp.ones([]))

    def update_fn(updates, state, params=None):
        us, mu, nu, u_tot, w_tot = {}, {}, {}, 0.0, 0.0
        for k, g in updates.items():
            us[k], mu[k], nu[k], u_sq, w_sq = sq(g, params[k], state.mu[k], state.nu[k])
            u_tot, w_tot = u_tot + u_sq, w_tot + w_sq
        trust = jnp.sqrt(w_tot) / (jnp.sqrt(u_tot) + eps)
        return {k: trust * u for k, u in us.items()}, GlobalTrustState(mu, nu, trust)

    return GradientTransformation(init_fn, update_fn)


def from_sweep(mesh, cfg):
    o = cfg["optimizer"]
    return chain(lamb_global_trust(mesh, o["norm_axes"]), scale(-o["lr"]))


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(34)
    w_sh = NamedSharding(mesh, P(None, "model"))
    params = {"inter": jax.device_put(rng.normal(size=(8, 8)).astype(np.float32), w_sh),
              "proj": jax.device_put(rng.normal(size=(8, 4)).astype(np.float32), w_sh)}
    grads = {k: jax.device_put(rng.normal(size=(4,) + v.shape).astype(np.float32),
                               NamedSharding(mesh, P("data", None, "model"))) for k, v in params.items()}
    return mesh, SWEEP, params, grads


def main(mesh, cfg, params, grads):
    with jax.set_mesh(mesh):
        opt = from_sweep(mesh, cfg)
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(state[0].trust))


if __name__ == "__main__":
    main(*inputs())
