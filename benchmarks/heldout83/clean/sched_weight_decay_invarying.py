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


class SGDW:
    def __init__(self, lr, momentum=0.9, weight_decay=1e-4, shard_axis="mp"):
        self.lr = lr
        self.weight_decay = weight_decay
        self.shard_axis = shard_axis

    def decayed_grad(self, w, g):
        w_full = jax.lax.all_gather(w, self.shard_axis, axis=1, tiled=True, to="invarying")
        return g + self.weight_decay * w_full

    def step(self, w, g):
        return self.lr * self.decayed_grad(w, g)


def create_optimizer_v2(opt, lr, weight_decay=0.0, **kwargs):
    return {"sgdw": SGDW}[opt](lr, weight_decay=weight_decay, **kwargs)


def inputs():
    rng = np.random.default_rng(55)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(w, g):
    mesh = create_mesh()
    scheduler = create_scheduler_v2("step", base_lr=0.1, decay_epochs=30)
    opt = create_optimizer_v2("sgdw", scheduler(45), weight_decay=5e-4, shard_axis=mesh.axis_names[1])
    w = place(w, mesh, P("dp", "mp"))
    g = place(g, mesh, P("dp", None))
    return shard_module(opt.step, mesh, (P("dp", "mp"), P("dp", None)), P("dp", None))(w, g)


if __name__ == "__main__":
    print(main(*inputs()))
