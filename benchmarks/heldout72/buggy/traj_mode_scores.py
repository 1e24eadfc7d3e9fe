"""Multi-modal trajectory head: mode scores normalised across the mode shards."""
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


HEADS = Registry("heads")

motion_head = dict(
    type="MotionHead",
    num_modes=8,
    mode_axis="mode",
    test_cfg=dict(gather_keys=("cls_scores", "log_norm"), gather_axis="mode"),
)


def stable_logsumexp(logits, axis_name):
    peak = jax.lax.pmax(logits.max(axis=-1, keepdims=True), axis_name)
    total = jax.lax.psum(jnp.exp(logits - peak).sum(axis=-1, keepdims=True), axis_name)
    return peak + jnp.log(total)


@HEADS.register_module()
class MotionHead:
    def __init__(self, num_modes, mode_axis, test_cfg):
        self.num_modes = num_modes
        self.mode_axis = mode_axis
        self.test_cfg = test_cfg

    def forward(self, logits):
        log_norm = stable_logsumexp(logits, self.mode_axis)
        return dict(cls_scores=logits - log_norm, log_norm=log_norm)

    def simple_test(self, logits):
        outs = self.forward(logits)
        axis = self.test_cfg["gather_axis"]
        return tuple(
            jax.lax.all_gather(outs[key], axis, axis=1, tiled=True, to="reduced")
            for key in self.test_cfg["gather_keys"]
        )


def inputs():
    return (np.random.default_rng(30).normal(size=(8, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("agent", "mode"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("agent", "mode")))
    head = build_from_cfg(motion_head, HEADS)
    out = P("agent", None, reduced={"mode"})
    run = jax.shard_map(head.simple_test, mesh=mesh, in_specs=P("agent", "mode"),
                        out_specs=(out, out))
    return run(logits)


if __name__ == "__main__":
    main(*inputs())
