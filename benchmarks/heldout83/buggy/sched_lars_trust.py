import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(4, 2), axis_names=("dp", "mp")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


# --- timm_jax/scheduler -----------------------------------------------------------------------


class CosineLRScheduler:
    def __init__(self, base_lr, t_initial, lr_min=0.0, warmup_t=0, warmup_lr_init=0.0):
        self.base_lr = base_lr
        self.t_initial = t_initial
        self.lr_min = lr_min
        self.warmup_t = warmup_t
        self.warmup_lr_init = warmup_lr_init

    def __call__(self, t):
        if t < self.warmup_t:
            return self.warmup_lr_init + t * (self.base_lr - self.warmup_lr_init) / self.warmup_t
        t = t - self.warmup_t
        return self.lr_min + 0.5 * (self.base_lr - self.lr_min) * (1 + math.cos(math.pi * t / self.t_initial))


class StepLRScheduler:
    def __init__(self, base_lr, decay_t, decay_rate=0.1, warmup_t=0, warmup_lr_init=0.0):
        self.base_lr = base_lr
        self.decay_t = decay_t
        self.decay_rate = decay_rate

    def __call__(self, t):
        return self.base_lr * self.decay_rate ** (t // self.decay_t)


_SCHEDULERS = {"cosine": CosineLRScheduler, "step": StepLRScheduler}


def create_scheduler_v2(sched="cosine", base_lr=1e-3, num_epochs=300, decay_epochs=90,
                        warmup_epochs=5, warmup_lr=1e-5, min_lr=0.0, **kwargs):
    if sched == "cosine":
        return CosineLRScheduler(base_lr, num_epochs - warmup_epochs, min_lr, warmup_epochs, warmup_lr)
    return _SCHEDULERS[sched](base_lr, decay_epochs, warmup_t=warmup_epochs, warmup_lr_init=warmup_lr, **kwargs)


class Lars:
    def __init__(self, lr, momentum=0.9, trust_coeff=0.001, trust_clip=False, param_axis="mp", data_axis="dp"):
        self.lr = lr
        self.trust_coeff = trust_coeff
        self.trust_clip = trust_clip
        self.param_axis = param_axis
        self.data_axis = data_axis

    def trust_ratio(self, w, g):
        w_norm = jnp.sqrt(jax.lax.psum(jnp.sum(w * w, axis=1), self.param_axis))
        g_norm = jnp.sqrt(jax.lax.psum(jnp.sum(g * g, axis=1), self.param_axis))
        ratio = self.trust_coeff * w_norm / (g_norm + 1e-8)
        return jnp.minimum(ratio / self.lr, 1.0) if self.trust_clip else ratio

    def step(self, w, g):
        g = jax.lax.pmean(g, self.data_axis)
        ratio = self.trust_ratio(w, g)
        table = jax.lax.all_gather(ratio, self.param_axis, axis=0, tiled=True, to="reduced")
        return w - self.lr * ratio[:, None] * g, table


_OPTIMIZERS = {"lars": Lars, "larc": functools.partial(Lars, trust_clip=True)}


def create_optimizer_v2(opt, lr, mesh, **kwargs):
    data_axis, param_axis = mesh.axis_names
    return _OPTIMIZERS[opt.lower()](lr, param_axis=param_axis, data_axis=data_axis, **kwargs)


def inputs():
    rng = np.random.default_rng(50)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(w, g):
    mesh = create_mesh()
    scheduler = create_scheduler_v2("cosine", base_lr=0.5, num_epochs=90, warmup_epochs=5)
    optimizer = create_optimizer_v2("larc", scheduler(10), mesh)
    w = place(w, mesh, P(None, "mp"))
    g = place(g, mesh, P(None, "mp"))
    out = (P(None, "mp"), P(None, reduced={"mp"}))
    return shard_module(optimizer.step, mesh, (P(None, "mp"), P(None, "mp")), out)(w, g)


if __name__ == "__main__":
    print(main(*inputs()))
