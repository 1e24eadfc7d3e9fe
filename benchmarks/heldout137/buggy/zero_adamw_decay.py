"""ranker/optim/zero_adamw.py

ZeRO-1 AdamW: the owned row block gets the Adam step, then blocks are regathered
(reduced over the data axis, so the backward pass sums them) and the decoupled
weight decay is applied to the full matrix the next forward will read.
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


def zero_adamw_regather(mesh, lr, weight_decay, axes=("data", "model")):
    dp, tp = axes
    rep = mesh.shape[dp]
    blk = P(dp, tp)
    decay = 1.0 - lr * weight_decay

    def _step(g_full, w, mu, nu, count):
        g = jax.lax.psum_scatter(g_full, dp, scatter_dimension=0, tiled=True) / rep
        mu = 0.9 * mu + 0.1 * g
        nu = 0.999 * nu + 0.001 * g * g
        mu_hat = mu / (1 - 0.9 ** count)
        nu_hat = nu / (1 - 0.999 ** count)
        w_new = w - lr * mu_hat / (jnp.sqrt(nu_hat) + 1e-8)
        w_full = jax.lax.all_gather(w_new, dp, axis=0, tiled=True, to="reduced")
        w_full = w_full * decay
        return w_new, mu, nu, w_full

    step = jax.shard_map(_step, mesh=mesh, in_specs=(blk, blk, blk, blk, P()),
                         out_specs=(blk, blk, blk, P(None, tp, reduced={dp})))

    def init_fn(params):
        return ScaleByAdamState(jnp.zeros([], jnp.int32), jax.tree.map(jnp.zeros_like, params),
                                jax.tree.map(jnp.zeros_like, params))

    def update_fn(updates, state, params=None):
        count = state.count + 1
        c = count.astype(jnp.float32)
        deltas, mu, nu = {}, {}, {}
        for k in updates:
            w_new, mu[k], nu[k], _ = step(updates[k], params[k], state.mu[k], state.nu[k], c)
            deltas[k] = w_new - params[k]
        return deltas, ScaleByAdamState(count, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(5)
    blk = NamedSharding(mesh, P("data", "model"))
    params = {"ffn_in": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), blk),
              "ffn_out": jax.device_put(rng.normal(size=(8, 8)).astype(np.float32), blk)}
    grads = {"ffn_in": jax.device_put(rng.normal(size=(64, 8)).astype(np.float32), blk),
             "ffn_out": jax.device_put(rng.normal(size=(32, 8)).astype(np.float32), blk)}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = zero_adamw_regather(mesh, lr=1e-3, weight_decay=0.01)
        state = opt.init(params)
        for _ in range(2):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(sorted((k, float(v.sum())) for k, v in params.items()))


if __name__ == "__main__":
    main(*inputs())
