"""recsys/optim/lars_eval_weights.py

LARS for the DLRM top MLP that also keeps the weights the fused eval kernel
reads: the column blocks are regathered (reduced over "model") after each step,
and the eval copy is clamped to the range the int8 export supports.
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


EXPORT = {"int8_range": 4.0}


class LarsEvalState(NamedTuple):
    momentum: Any
    eval_weights: Any


def lars_with_eval_copy(mesh, lr, eta=1e-3, beta=0.9):
    w_spec = P(None, "model")
    g_spec = P("data", None, "model")
    bound = EXPORT["int8_range"]

    def _step(g, w, m):
        g = jax.lax.pmean(g[0], "data")
        w_n = jnp.sqrt(jax.lax.psum(jnp.sum(w * w), "model"))
        g_n = jnp.sqrt(jax.lax.psum(jnp.sum(g * g), "model"))
        m = beta * m + eta * w_n / (g_n + 1e-9) * g
        w_new = w - lr * m
        full = jax.lax.all_gather(w_new, "model", axis=1, tiled=True, to="reduced")
        full = jnp.clip(full, -bound, bound)
        return w_new, m, full

    step = jax.shard_map(_step, mesh=mesh, in_specs=(g_spec, w_spec, w_spec),
                         out_specs=(w_spec, w_spec, P(None, None, reduced={"model"})))

    def init_fn(params):
        return LarsEvalState(jax.tree.map(jnp.zeros_like, params), {})

    def update_fn(updates, state, params=None):
        deltas, mom, evals = {}, {}, {}
        for k, g in updates.items():
            w_new, mom[k], evals[k] = step(g, params[k], state.momentum[k])
            deltas[k] = w_new - params[k]
        return deltas, LarsEvalState(mom, evals)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(35)
    w_sh = NamedSharding(mesh, P(None, "model"))
    params = {"out": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32) * 3, w_sh)}
    grads = {"out": jax.device_put(rng.normal(size=(4, 16, 8)).astype(np.float32),
                                   NamedSharding(mesh, P("data", None, "model")))}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = lars_with_eval_copy(mesh, lr=0.1)
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(params["out"].max()))


if __name__ == "__main__":
    main(*inputs())
