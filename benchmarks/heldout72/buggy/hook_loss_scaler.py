"""Mixed-precision optimizer hook: overflow check on gradients collected by an earlier hook."""
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
class Fp16OptimizerHook(Hook):
    priority = "NORMAL"

    def __init__(self, loss_scale=512.0, sync_axis="dp"):
        self.loss_scale = loss_scale
        self.sync_axis = sync_axis

    def after_train_iter(self, runner):
        grads = runner.outputs["grads"]
        grad_mass = jax.lax.psum(jnp.abs(grads).sum(axis=0), self.sync_axis)
        runner.log_buffer["overflow"] = ~jnp.isfinite(grad_mass)


@HOOKS.register_module()
class GradientCollectHook(Hook):
    priority = "HIGH"

    def __init__(self, collect_axis="dp"):
        self.collect_axis = collect_axis

    def after_train_iter(self, runner):
        runner.outputs["grads"] = jax.lax.all_gather(
            runner.outputs["grads"], self.collect_axis, axis=0, tiled=True, to="reduced")


custom_hooks = [
    dict(type="Fp16OptimizerHook", loss_scale=512.0),
    dict(type="GradientCollectHook", collect_axis="dp"),
]


def loss_fn(w, x):
    return jnp.tanh(x * w).sum()


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32))


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    w = jax.device_put(w, NamedSharding(mesh, P("dp", "mp")))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "mp")))
    runner = Runner(mesh, custom_hooks)

    def train_step(w, x):
        runner.outputs = dict(grads=jax.grad(loss_fn)(w, x))
        runner.call_hook("after_train_iter")
        return runner.log_buffer["overflow"]

    step = jax.shard_map(train_step, mesh=mesh, in_specs=(P("dp", "mp"), P("dp", "mp")),
                         out_specs=P("mp"))
    return step(w, x)


if __name__ == "__main__":
    main(*inputs())
