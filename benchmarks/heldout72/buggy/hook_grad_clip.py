"""Optimizer hook with gradient clipping by the norm of the full (gathered) gradient."""
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


HOOKS = Registry("hooks")

PRIORITIES = {"HIGHEST": 0, "HIGH": 30, "NORMAL": 50, "LOW": 70, "LOWEST": 100}


class Hook:
    priority = "NORMAL"

    def before_train_iter(self, runner):
        pass

    def after_train_iter(self, runner):
        pass

    def after_train_epoch(self, runner):
        pass

    def after_val_epoch(self, runner, metrics):
        pass


class Runner:
    """Calls the registered hooks in priority order around each iteration."""

    def __init__(self, mesh, custom_hooks, max_epochs=1):
        self.mesh = mesh
        self.max_epochs = max_epochs
        self.epoch = 0
        hooks = [build_from_cfg(cfg, HOOKS) for cfg in custom_hooks]
        self._hooks = sorted(hooks, key=lambda h: PRIORITIES[h.priority])
        self.outputs = {}
        self.log_buffer = {}

    def call_hook(self, fn_name, **kwargs):
        for hook in self._hooks:
            getattr(hook, fn_name)(self, **kwargs)


@HOOKS.register_module()
class OptimizerHook(Hook):
    priority = "HIGH"

    def __init__(self, grad_clip=None, shard_axis="mp"):
        self.grad_clip = grad_clip
        self.shard_axis = shard_axis

    def clip_grads(self, grads):
        full = jax.lax.all_gather(grads, self.shard_axis, axis=1, tiled=True, to="reduced")
        total_norm = jnp.sqrt((full * full).sum())
        clip_coef = self.grad_clip["max_norm"] / (total_norm + 1e-6)
        return grads * jnp.minimum(clip_coef, 1.0)

    def after_train_iter(self, runner):
        if self.grad_clip is not None:
            runner.outputs["grads"] = self.clip_grads(runner.outputs["grads"])


optimizer_config = dict(type="OptimizerHook", grad_clip=dict(max_norm=35, norm_type=2))


def loss_fn(w, x):
    return jnp.tanh(x @ w).sum()


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32))


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "mp")))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    runner = Runner(mesh, [optimizer_config])

    def train_step(w, x):
        grads = jax.grad(loss_fn)(w, x)
        runner.outputs = dict(grads=grads)
        runner.call_hook("after_train_iter")
        return w - 0.01 * runner.outputs["grads"]

    step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(None, "mp"), P("dp", None)),
                         out_specs=P(None, "mp"))
    return step(w, x)


if __name__ == "__main__":
    main(*inputs())
