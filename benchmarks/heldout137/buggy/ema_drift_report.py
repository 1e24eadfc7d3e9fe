"""vision/optim/ema.py

Parameter EMA as an optax-style transform for the FSDP ViT trainer: the EMA copy
is kept sharded like the parameters ("fsdp" rows), and every update reports how
far the live weights drifted from the EMA, collected along the axis named by the
injected hyperparameters.
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


class EmaState(NamedTuple):
    ema: Any
    drift: Any


def ema_params(mesh, decay, drift_axis):
    data_axis, fsdp_axis = mesh.axis_names
    spec = P(fsdp_axis, None)

    def _track(w, e):
        e = decay * e + (1.0 - decay) * w
        diff = w - e
        drift = jnp.sqrt(jax.lax.psum(jnp.sum(diff * diff), fsdp_axis))
        drift = jax.lax.all_gather(drift, drift_axis, to="reduced")
        return e, drift

    track = jax.shard_map(_track, mesh=mesh, in_specs=(spec, spec),
                          out_specs=(spec, P(reduced={drift_axis})))

    def init_fn(params):
        return EmaState(jax.tree.map(jnp.copy, params), {})

    def update_fn(updates, state, params=None):
        new_params = apply_updates(params, updates)
        ema, drift = {}, {}
        for k, w in new_params.items():
            ema[k], drift[k] = track(w, state.ema[k])
        return updates, EmaState(ema, drift)

    return GradientTransformation(init_fn, update_fn)


def fsdp_sgd(mesh, lr):
    data_axis, fsdp_axis = mesh.axis_names

    def _avg(g):
        return jax.lax.pmean(g[0], data_axis)

    avg = jax.shard_map(_avg, mesh=mesh, in_specs=(P(data_axis, fsdp_axis, None),),
                        out_specs=P(fsdp_axis, None))

    def init_fn(params):
        return EmptyState()

    def update_fn(updates, state, params=None):
        return {k: -lr * avg(g) for k, g in updates.items()}, state

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    rng = np.random.default_rng(20)
    params = {"patch": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                                      NamedSharding(mesh, P("fsdp", None)))}
    grads = {"patch": jax.device_put(rng.normal(size=(2, 16, 8)).astype(np.float32),
                                     NamedSharding(mesh, P("data", "fsdp", None)))}
    hps = {"decay": 0.99, "drift_axis": "fsdp"}
    return mesh, params, grads, hps


def main(mesh, params, grads, hps):
    with jax.set_mesh(mesh):
        ema_t = inject_hyperparams(lambda decay, drift_axis: ema_params(mesh, decay, drift_axis))(**hps)
        opt = chain(fsdp_sgd(mesh, 0.1), ema_t)
        state = opt.init(params)
        for _ in range(2):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(float(params["patch"].sum()))


if __name__ == "__main__":
    main(*inputs())
