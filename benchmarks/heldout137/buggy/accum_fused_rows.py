"""lm/optim/accum_fused.py

Gradient accumulation for the tensor-parallel LM feeding the fused optimizer
kernel, which wants whole rows: when the window closes, the accumulated gradient
is averaged over the data axis, regathered over the tensor-parallel axis (kept
reduced, the kernel's layout) and divided by the window length.
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


class FusedAccumState(NamedTuple):
    count: Any
    acc: Any
    fused_in: Any


class AccumulationWindow:
    def __init__(self, mesh, every_k, dp="dp", tp="tp"):
        self.every_k = every_k
        self.dp, self.tp = dp, tp
        self.close = jax.shard_map(self._close, mesh=mesh, in_specs=(P(dp, None, tp),),
                                   out_specs=(P(None, tp), P(None, None, reduced={tp})))

    def _close(self, acc):
        g = jax.lax.pmean(acc[0], self.dp)
        rows = jax.lax.all_gather(g, self.tp, axis=1, tiled=True, to="reduced")
        rows = rows / self.every_k
        return g / self.every_k, rows

    def transform(self):
        def init_fn(params):
            return FusedAccumState(0, None, {})

        def update_fn(updates, state, params=None):
            acc = updates if state.acc is None else jax.tree.map(jnp.add, state.acc, updates)
            count = state.count + 1
            if count < self.every_k:
                zeros = {k: jnp.zeros_like(params[k]) for k in params}
                return zeros, FusedAccumState(count, acc, state.fused_in)
            out, fused = {}, {}
            for k, a in acc.items():
                out[k], fused[k] = self.close(a)
            return out, FusedAccumState(0, None, fused)

        return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    rng = np.random.default_rng(45)
    params = {"mlp_down": jax.device_put(rng.normal(size=(8, 16)).astype(np.float32),
                                         NamedSharding(mesh, P(None, "tp")))}
    micro = [{"mlp_down": jax.device_put(rng.normal(size=(2, 8, 16)).astype(np.float32),
                                         NamedSharding(mesh, P("dp", None, "tp")))} for _ in range(2)]
    return mesh, params, micro


def main(mesh, params, micro):
    with jax.set_mesh(mesh):
        window = AccumulationWindow(mesh, every_k=2)
        opt = chain(window.transform(), scale(-0.01))
        state = opt.init(params)
        for grads in micro:
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(float(params["mlp_down"].sum()))


if __name__ == "__main__":
    main(*inputs())
