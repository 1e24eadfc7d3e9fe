"""lm/optim/multi_steps.py

Gradient accumulation (optax.MultiSteps-style) for the tensor-parallel LM: micro
gradients are summed locally, and on the k-th micro step they are all-reduced
over the data axis and handed to the inner optimizer. The accumulated gradient's
norm feeds the gradient-noise-scale estimator, which collects one value per data
replica.
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


class MultiStepsState(NamedTuple):
    mini_step: Any
    acc: Any
    inner: Any
    noise: Any


ACCUM_CFG = {"every_k": 2, "dp": "dp", "tp": "tp", "noise_axis": "dp"}


def multi_steps(inner, mesh, cfg):
    dp, tp, noise_axis = cfg["dp"], cfg["tp"], cfg["noise_axis"]
    g_spec = P(dp, None, tp)
    w_spec = P(None, tp)

    def _boundary(acc):
        total = jax.lax.psum(acc[0], dp) / cfg["every_k"]
        sq = jax.lax.psum(jnp.sum(total * total), tp)
        per_replica = jax.lax.all_gather(sq, noise_axis, to="reduced")
        return total, per_replica

    boundary = jax.shard_map(_boundary, mesh=mesh, in_specs=(g_spec,),
                             out_specs=(w_spec, P(reduced={noise_axis})))

    def init_fn(params):
        acc = {k: None for k in params}
        return MultiStepsState(0, acc, inner.init(params), None)

    def update_fn(updates, state, params=None):
        acc = {k: (g if state.acc[k] is None else state.acc[k] + g) for k, g in updates.items()}
        step = state.mini_step + 1
        if step < cfg["every_k"]:
            zeros = {k: jnp.zeros_like(params[k]) for k in params}
            return zeros, MultiStepsState(step, acc, state.inner, state.noise)
        summed, noise = {}, {}
        for k, a in acc.items():
            summed[k], noise[k] = boundary(a)
        out, inner_state = inner.update(summed, state.inner, params)
        return out, MultiStepsState(0, {k: None for k in acc}, inner_state, noise)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    rng = np.random.default_rng(40)
    params = {"wq": jax.device_put(rng.normal(size=(8, 16)).astype(np.float32),
                                   NamedSharding(mesh, P(None, "tp")))}
    micro = [{"wq": jax.device_put(rng.normal(size=(2, 8, 16)).astype(np.float32),
                                   NamedSharding(mesh, P("dp", None, "tp")))} for _ in range(2)]
    return mesh, params, micro


def main(mesh, params, micro):
    with jax.set_mesh(mesh):
        opt = multi_steps(chain(scale(-0.01)), mesh, ACCUM_CFG)
        state = opt.init(params)
        for grads in micro:
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(float(params["wq"].sum()))


if __name__ == "__main__":
    main(*inputs())
