"""Two mmcv registries of one class (`MODELS`, `LOSSES`), filled in turn as the module loads:
building or filling one runs no code that could read the other half-filled. The model's
__init__ builds its loss from its own config through `build_from_cfg(..., LOSSES,
default_args=dict(axis=...))`; the loss gathers its psum result, invariant on 'j', to 'reduced'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Registry:
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

model_cfg = dict(type="Head", loss=dict(type="StatLoss", keep_stats=True))


@LOSSES.register_module()
class StatLoss:
    def __init__(self, axis="i", keep_stats=False):
        self.axis, self.keep_stats = axis, keep_stats

    def __call__(self, x):
        ms = jax.lax.psum(jnp.sum(x * x, axis=-1), self.axis)
        if self.keep_stats:
            return jax.lax.all_gather(ms, self.axis, to="reduced", tiled=True)  # SF101
        return ms


@MODELS.register_module()
class Head:
    def __init__(self, loss):
        self.loss = build_from_cfg(loss, LOSSES, default_args=dict(axis="j"))

    def __call__(self, x):
        return x * 2.0, self.loss(x)


def main(mesh, x):
    head = build_from_cfg(model_cfg, MODELS)
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("i", "j"), P("i", reduced={"j"})))(x)
