"""DenseTNT-like goal head: goal logits over all candidate modes, tempered and normalised."""
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

goal_head = dict(type="GoalHead", candidate_axis="mode", test_cfg=dict(temperature=0.5))


@HEADS.register_module()
class GoalHead:
    def __init__(self, candidate_axis, test_cfg):
        self.candidate_axis = candidate_axis
        self.temperature = test_cfg["temperature"]

    def all_candidates(self, logits):
        return jax.lax.all_gather(logits, self.candidate_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, logits):
        goals = self.all_candidates(logits)
        return jax.nn.log_softmax(goals / self.temperature, axis=-1)


def inputs():
    return (np.random.default_rng(35).normal(size=(8, 16)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("agent", "mode"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("agent", "mode")))
    head = build_from_cfg(goal_head, HEADS)
    run = jax.shard_map(head, mesh=mesh, in_specs=P("agent", "mode"),
                        out_specs=P("agent", None, reduced={"mode"}))
    return run(logits)


if __name__ == "__main__":
    main(*inputs())
