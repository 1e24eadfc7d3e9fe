"""Training loop with a grad-norm logging hook (per data-parallel shard norms)."""
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
class GradNormHook(Hook):
    priority = "LOW"

    def __init__(self, norm_type=2, shard_axis="mp", log_axis="mp"):
        self.norm_type = norm_type
        self.shard_axis = shard_axis
        self.log_axis = log_axis

    def after_train_iter(self, runner):
        grads = runner.outputs["grads"]
        total = jax.lax.psum((jnp.abs(grads) ** self.norm_type).sum(), self.shard_axis)
        norm = total ** (1.0 / self.norm_type)
        runner.log_buffer["grad_norm"] = jax.lax.all_gather(jax.lax.pcast(norm, self.log_axis, to="varying"), self.log_axis, to="reduced")


custom_hooks = [dict(type="GradNormHook", norm_type=2, shard_axis="mp", log_axis="mp")]


def loss_fn(w, x):
    return jnp.tanh(x @ w).sum()


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32))


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("dp", "mp"))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "mp")))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    runner = Runner(mesh, custom_hooks)

    def train_step(w, x):
        runner.outputs = dict(grads=jax.grad(loss_fn)(w, x))
        runner.call_hook("after_train_iter")
        return runner.log_buffer["grad_norm"]

    step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(None, "mp"), P("dp", None)),
                         out_specs=P(None, reduced={"mp"}))
    return step(w, x)


if __name__ == "__main__":
    main(*inputs())
