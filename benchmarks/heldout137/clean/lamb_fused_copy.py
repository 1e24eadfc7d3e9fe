"""recsys/optim/lamb_fused_copy.py

LAMB for the DLRM top MLP that produces the fused kernel's copy of the update:
the trust-scaled update is computed on the column blocks, and only then regathered
over "model" (reduced, the layout of the fused kernel's custom VJP).
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


class FusedLambState(NamedTuple):
    mu: Any
    nu: Any
    fused: Any


def lamb_fused(mesh, b1=0.9, b2=0.999, eps=1e-6, data_axis="data", model_axis="model"):
    w_spec = P(None, model_axis)
    g_spec = P(data_axis, None, model_axis)

    def _step(g, w, mu, nu):
        g = jax.lax.pmean(g[0], data_axis)
        mu = b1 * mu + (1 - b1) * g
        nu = b2 * nu + (1 - b2) * g * g
        u = mu / (jnp.sqrt(nu) + eps)
        w_n = jnp.sqrt(jax.lax.psum(jnp.sum(w * w), model_axis))
        u_n = jnp.sqrt(jax.lax.psum(jnp.sum(u * u), model_axis))
        step = jnp.where(u_n > 0, w_n / u_n, 1.0) * u
        fused = jax.lax.all_gather(step, model_axis, axis=1, tiled=True, to="reduced")
        return step, mu, nu, fused

    fn = jax.shard_map(_step, mesh=mesh, in_specs=(g_spec, w_spec, w_spec, w_spec),
                       out_specs=(w_spec, w_spec, w_spec, P(None, None, reduced={model_axis})))

    def init_fn(params):
        return FusedLambState(jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params), {})

    def update_fn(updates, state, params=None):
        out, mu, nu, fused = {}, {}, {}, {}
        for k, g in updates.items():
            out[k], mu[k], nu[k], fused[k] = fn(g, params[k], state.mu[k], state.nu[k])
        return out, FusedLambState(mu, nu, fused)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(73)
    params = {"top": jax.device_put(rng.normal(size=(8, 8)).astype(np.float32),
                                    NamedSharding(mesh, P(None, "model")))}
    grads = {"top": jax.device_put(rng.normal(size=(4, 8, 8)).astype(np.float32),
                                   NamedSharding(mesh, P("data", None, "model")))}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(lamb_fused(mesh), scale(-1e-3))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(params["top"].sum()))


if __name__ == "__main__":
    main(*inputs())
