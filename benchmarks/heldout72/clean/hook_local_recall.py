"""Validation loop: per-shard detection metrics averaged by the logger hook after the epoch."""
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
class TextLoggerHook(Hook):
    priority = "LOWEST"

    def __init__(self, reduce_axes=("dp", "mp")):
        self.reduce_axes = tuple(reduce_axes)

    def after_val_epoch(self, runner, metrics):
        runner.log_buffer.update(
            {key: jax.lax.pmean(value, self.reduce_axes) for key, value in metrics.items()})


log_config = dict(hooks=[dict(type="TextLoggerHook", reduce_axes=["dp", "mp"])])


class DetEvaluator:
    def __init__(self, iou_thr=0.5, class_axis="mp"):
        self.iou_thr = iou_thr
        self.class_axis = class_axis

    def evaluate(self, ious, valid):
        hits = (ious > self.iou_thr).astype(jnp.float32) * valid
        precision = hits.sum() / jnp.maximum(valid.sum(), 1.0)
        recall = hits.sum() / jnp.maximum(valid.sum(), 1.0)
        return dict(precision=precision, recall=recall)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.uniform(size=(8, 16)).astype(np.float32),
            (rng.uniform(size=(8, 16)) > 0.2).astype(np.float32))


def main(ious, valid):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    ious = jax.device_put(ious, NamedSharding(mesh, P("dp", "mp")))
    valid = jax.device_put(valid, NamedSharding(mesh, P("dp", "mp")))
    runner = Runner(mesh, log_config["hooks"])
    evaluator = DetEvaluator()

    def val_epoch(ious, valid):
        runner.call_hook("after_val_epoch", metrics=evaluator.evaluate(ious, valid))
        return runner.log_buffer["precision"], runner.log_buffer["recall"]

    step = jax.shard_map(val_epoch, mesh=mesh, in_specs=(P("dp", "mp"), P("dp", "mp")),
                         out_specs=(P(), P()))
    return step(ious, valid)


if __name__ == "__main__":
    main(*inputs())
