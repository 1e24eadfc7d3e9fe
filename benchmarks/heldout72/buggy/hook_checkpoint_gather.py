"""Checkpoint hook: parameters regathered into the layout the checkpoint loader expects."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
class CheckpointHook(Hook):
    priority = "LOW"

    def __init__(self, interval=1, save_layout=("mp", None), gathered=("dp",)):
        self.interval = interval
        self.save_spec = P(*save_layout, reduced=set(gathered))

    def after_train_epoch(self, runner):
        if (runner.epoch + 1) % self.interval:
            return
        runner.outputs["checkpoint"] = {
            name: top_level_all_gather(param, self.save_spec)
            for name, param in runner.outputs["params"].items()
        }


default_hooks = [dict(type="CheckpointHook", interval=1, save_layout=["mp", None])]
param_spec = P(("dp", "mp"), None)


def inputs():
    rng = np.random.default_rng(43)
    return ({"backbone.weight": rng.normal(size=(16, 8)).astype(np.float32),
             "head.weight": rng.normal(size=(8, 4)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    params = {k: jax.device_put(v, NamedSharding(mesh, param_spec)) for k, v in params.items()}
    runner = Runner(mesh, default_hooks, max_epochs=2)
    with jax.set_mesh(mesh):
        for epoch in range(runner.max_epochs):
            runner.epoch = epoch
            runner.outputs["params"] = jax.tree.map(lambda p: p * 0.99, params)
            runner.call_hook("after_train_epoch")
    return runner.outputs["checkpoint"]


if __name__ == "__main__":
    main(*inputs())
