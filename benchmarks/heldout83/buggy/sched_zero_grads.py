import functools
import math
import types

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


class ZeroRedundancyAdam:
    def __init__(self, lr, betas=(0.9, 0.999), eps=1e-8, zero_axes=("dp",), tp_axis="mp"):
        self.lr = lr
        self.betas = betas
        self.eps = eps
        self.zero_axes = zero_axes
        self.tp_axis = tp_axis

    def reduce_grads(self, x, w):
        # row-parallel layer: the partial products are summed over the tensor axis first
        grad = jax.lax.psum(x.T @ jnp.tanh(x @ w), self.tp_axis)
        return jax.lax.psum_scatter(grad, self.zero_axes, scatter_dimension=0, tiled=True)


def create_optimizer_v2(opt="adam", lr=None, mesh=None, weight_decay=0.0, zero_stage=0):
    zero_axes = tuple(mesh.axis_names) if zero_stage >= 2 else mesh.axis_names[:1]
    return {"adam": ZeroRedundancyAdam}[opt](lr, zero_axes=zero_axes, tp_axis=mesh.axis_names[1])


def optimizer_kwargs(cfg):
    """Convert an args namespace into create_optimizer_v2 keyword arguments."""
    kwargs = dict(opt=cfg.opt, lr=cfg.lr, weight_decay=cfg.weight_decay)
    if getattr(cfg, "zero_stage", None) is not None:
        kwargs["zero_stage"] = cfg.zero_stage
    return kwargs


def inputs():
    rng = np.random.default_rng(54)
    return rng.standard_normal((16, 16)).astype(np.float32), rng.standard_normal((16, 16)).astype(np.float32) * 0.1


def main(x, w):
    mesh = create_mesh()
    args = types.SimpleNamespace(opt="adam", lr=3e-4, weight_decay=0.05, sched="cosine", zero_stage=2)
    args.lr = create_scheduler_v2(args.sched, base_lr=args.lr)(0)
    opt = create_optimizer_v2(mesh=mesh, **optimizer_kwargs(args))
    x = place(x, mesh, P("dp", "mp"))
    w = place(w, mesh, P("mp", None))
    return shard_module(opt.reduce_grads, mesh, (P("dp", "mp"), P("mp", None)), P(("dp", "mp"), None))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
