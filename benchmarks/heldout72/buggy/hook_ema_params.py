"""EMA hook: full parameters kept on every device for the averaged model."""
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
class EMAHook(Hook):
    priority = "NORMAL"

    def __init__(self, momentum=0.0002, shard_axis="mp"):
        self.momentum = momentum
        self.shard_axis = shard_axis

    def before_train_iter(self, runner):
        params = runner.outputs["params"]
        runner.outputs["full_params"] = jax.lax.all_gather(
            params, self.shard_axis, axis=1, tiled=True, to="reduced")

    def after_train_iter(self, runner):
        full = runner.outputs["full_params"]
        runner.outputs["ema_params"] = jax.lax.all_gather(
            full, runner.mesh.axis_names, axis=0, tiled=True, to="reduced")


custom_hooks = [dict(type="EMAHook", momentum=0.0002, shard_axis="mp")]


def inputs():
    return (np.random.default_rng(41).normal(size=(16, 8)).astype(np.float32),)


def main(w):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    w = jax.device_put(w, NamedSharding(mesh, P("dp", "mp")))
    runner = Runner(mesh, custom_hooks)

    def train_step(w):
        runner.outputs = dict(params=w)
        runner.call_hook("before_train_iter")
        runner.call_hook("after_train_iter")
        return runner.outputs["ema_params"]

    step = jax.shard_map(train_step, mesh=mesh, in_specs=P("dp", "mp"),
                         out_specs=P(None, None, reduced={"dp", "mp"}))
    return step(w)


if __name__ == "__main__":
    main(*inputs())
