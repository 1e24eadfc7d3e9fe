"""SECONDFPN-like neck: per-level BEV features with an auxiliary occupancy-balance loss."""
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


MODELS = Registry("models")
LOSSES = Registry("losses")

neck = dict(
    type="SECONDFPN",
    upsample_strides=[1, 2],
    loss_balance=dict(type="BalanceLoss", loss_weight=0.5),
    level_sync_axis="bev",
)
loss_reduce_axes = ("batch", "bev")


@LOSSES.register_module()
class BalanceLoss:
    def __init__(self, loss_weight, reduce_axes=("batch",)):
        self.loss_weight = loss_weight
        self.reduce_axes = reduce_axes

    def __call__(self, level_energy):
        loss = (level_energy - level_energy.mean()) ** 2
        return self.loss_weight * jax.lax.pmean(loss.sum(), self.reduce_axes)


@MODELS.register_module()
class SECONDFPN:
    def __init__(self, upsample_strides, loss_balance, level_sync_axis):
        self.strides = upsample_strides
        self.loss_balance = build_from_cfg(loss_balance, LOSSES,
                                           default_args=dict(reduce_axes=loss_reduce_axes))
        self.level_sync_axis = level_sync_axis

    def level_energy(self, feat):
        return jax.lax.psum(jnp.square(feat).sum(axis=(1, 2)), self.level_sync_axis)

    def __call__(self, feat):
        outs, energies = [], []
        for stride in self.strides:
            level = jnp.repeat(feat, stride, axis=2)
            outs.append(level.sum(axis=2, keepdims=True))
            energies.append(self.level_energy(level))
        return jnp.concatenate(outs, axis=-1), self.loss_balance(jnp.stack(energies))


def inputs():
    return (np.random.default_rng(4).normal(size=(4, 16, 8)).astype(np.float32),)


def main(feat):
    mesh = jax.make_mesh((2, 4), ("batch", "bev"))
    feat = jax.device_put(feat, NamedSharding(mesh, P("batch", "bev", None)))
    fpn = build_from_cfg(neck, MODELS)
    run = jax.shard_map(fpn, mesh=mesh, in_specs=P("batch", "bev", None),
                        out_specs=(P("batch", "bev", None), P()))
    return run(feat)


if __name__ == "__main__":
    main(*inputs())
