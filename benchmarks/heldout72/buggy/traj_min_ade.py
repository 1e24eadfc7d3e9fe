"""Winner-takes-all trajectory loss: minADE over the predicted modes."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Registry:
    """A name -> class table filled by decorators, as the model zoo uses it."""

    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    return registry.get(obj_type)(**args)


LOSSES = Registry("losses")


def force_fp32(apply_to=()):
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(self, *args):
            args = tuple(a.astype(jnp.float32) if i < len(apply_to) else a
                         for i, a in enumerate(args))
            return fn(self, *args)
        return wrapper
    return decorator


loss_traj = dict(type="MinADELoss", mode_axis="mode", gather_modes=True, loss_weight=1.0)


@LOSSES.register_module()
class MinADELoss:
    def __init__(self, mode_axis, gather_modes, loss_weight):
        self.mode_axis = mode_axis
        self.gather_modes = gather_modes
        self.loss_weight = loss_weight

    def displacement(self, preds, gt):
        ade = jnp.abs(preds - gt[:, None]).sum(axis=(-1, -2))
        if self.gather_modes:
            ade = jax.lax.all_gather(ade, self.mode_axis, axis=1, tiled=True, to="reduced")
        return ade

    @force_fp32(apply_to=("preds", "gt"))
    def __call__(self, preds, gt):
        ade = self.displacement(preds, gt)
        min_ade = jax.lax.pmin(ade, self.mode_axis)
        return min_ade


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(8, 8, 6, 2)).astype(np.float16),
            rng.normal(size=(8, 6, 2)).astype(np.float16))


def main(preds, gt):
    mesh = jax.make_mesh((2, 4), ("agent", "mode"))
    preds = jax.device_put(preds, NamedSharding(mesh, P("agent", "mode", None, None)))
    gt = jax.device_put(gt, NamedSharding(mesh, P("agent", None, None)))
    loss = build_from_cfg(loss_traj, LOSSES)
    run = jax.shard_map(loss, mesh=mesh, in_specs=(P("agent", "mode", None, None), P("agent", None, None)),
                        out_specs=P("agent", None))
    return run(preds, gt)


if __name__ == "__main__":
    main(*inputs())
