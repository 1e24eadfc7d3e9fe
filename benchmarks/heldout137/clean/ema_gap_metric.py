"""vision/optim/ema_warmup.py

EMA with a warmup on the decay (the decay follows 1 - 1/(1 + step / 10) until it
reaches its ceiling), and a scalar "EMA gap" metric: the squared distance between
live and EMA weights, averaged over replicas and summed over the whole mesh.
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


class WarmupEmaState(NamedTuple):
    count: Any
    ema: Any
    gap: Any


METRIC_AXES = {"replicas": "data", "whole_mesh": "fsdp"}


def warmup_ema(mesh, ceiling=0.999):
    data_axis, fsdp_axis = mesh.axis_names
    g_spec = P(data_axis, fsdp_axis, None)
    spec = P(fsdp_axis, None)

    def _gap(w_rep, e):
        d = w_rep[0] - e
        per_replica = jax.lax.pmean(jnp.sum(d * d), METRIC_AXES["replicas"])
        return jax.lax.psum(per_replica, METRIC_AXES["whole_mesh"])

    gap_fn = jax.shard_map(_gap, mesh=mesh, in_specs=(g_spec, spec), out_specs=P())

    def decay_at(count):
        return jnp.minimum(ceiling, 1.0 - 1.0 / (1.0 + count / 10.0))

    def init_fn(params):
        return WarmupEmaState(jnp.zeros([], jnp.float32), jax.tree.map(jnp.copy, params), 0.0)

    def update_fn(updates, state, params=None):
        d = decay_at(state.count)
        new_params = apply_updates(params, updates)
        ema = jax.tree.map(lambda e, w: d * e + (1 - d) * w, state.ema, new_params)
        return updates, WarmupEmaState(state.count + 1, ema, state.gap)

    def gap(replica_params, state):
        return sum(gap_fn(replica_params[k], state.ema[k]) for k in state.ema)

    return GradientTransformation(init_fn, update_fn), gap


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    rng = np.random.default_rng(24)
    sh = NamedSharding(mesh, P("fsdp", None))
    params = {"cls": jax.device_put(rng.normal(size=(16, 4)).astype(np.float32), sh)}
    grads = {"cls": jax.device_put(rng.normal(size=(16, 4)).astype(np.float32), sh)}
    replica_params = {"cls": jax.device_put(rng.normal(size=(2, 16, 4)).astype(np.float32),
                                            NamedSharding(mesh, P("data", "fsdp", None)))}
    return mesh, params, grads, replica_params


def main(mesh, params, grads, replica_params):
    with jax.set_mesh(mesh):
        ema_t, gap = warmup_ema(mesh)
        opt = chain(scale(-0.01), ema_t)
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(gap(replica_params, state[1])))


if __name__ == "__main__":
    main(*inputs())
