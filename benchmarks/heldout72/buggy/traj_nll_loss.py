"""Gaussian-mixture trajectory NLL, summed over the whole mesh for the logged loss."""
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

loss_cfg = dict(type="GMMNLLLoss", mode_axis="mode", sigma=1.0)
train_cfg = dict(loss_reduce_axes=["agent", "mode"])


@LOSSES.register_module()
class GMMNLLLoss:
    def __init__(self, mode_axis, sigma, reduce_axes=("agent",)):
        self.mode_axis = mode_axis
        self.sigma = sigma
        self.reduce_axes = tuple(reduce_axes)

    def mixture_nll(self, preds, gt, log_pi):
        sq = ((preds - gt[:, None]) ** 2).sum(axis=(-1, -2)) / (2 * self.sigma ** 2)
        comp = log_pi - sq
        peak = jax.lax.pmax(comp.max(axis=-1), self.mode_axis)
        total = jax.lax.psum(jnp.exp(comp - peak[:, None]).sum(axis=-1), self.mode_axis)
        return -(peak + jnp.log(total))

    def __call__(self, preds, gt, log_pi):
        nll = self.mixture_nll(preds, gt, log_pi)
        return jax.lax.psum(nll.sum(), self.reduce_axes)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.normal(size=(8, 8, 6, 2)).astype(np.float32),
            rng.normal(size=(8, 6, 2)).astype(np.float32),
            np.full((8, 8), -np.log(8.0), np.float32))


def main(preds, gt, log_pi):
    mesh = jax.make_mesh((2, 4), ("agent", "mode"))
    preds = jax.device_put(preds, NamedSharding(mesh, P("agent", "mode", None, None)))
    gt = jax.device_put(gt, NamedSharding(mesh, P("agent", None, None)))
    log_pi = jax.device_put(log_pi, NamedSharding(mesh, P("agent", "mode")))
    loss = build_from_cfg(loss_cfg, LOSSES, default_args=dict(reduce_axes=train_cfg["loss_reduce_axes"]))
    run = jax.shard_map(loss, mesh=mesh,
                        in_specs=(P("agent", "mode", None, None), P("agent", None, None), P("agent", "mode")),
                        out_specs=P())
    return run(preds, gt, log_pi)


if __name__ == "__main__":
    main(*inputs())
