"""state_dict hooks of a pen-trajectory encoder: a post-hook gathers sharded tensors for export."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "heads"))

LAYOUT = {
    "train": {"proj": P(None, "heads"), "pos": P("batch", None)},
    "export": {"proj": P(None, None, reduced={"heads"}), "pos": P(None, None)},
}


class Module:
    def __init__(self):
        self._state_dict_hooks = []
        self._params = {}

    def _register_state_dict_hook(self, hook):
        self._state_dict_hooks.append(hook)

    def state_dict(self):
        sd = dict(self._params)
        for hook in self._state_dict_hooks:
            sd = hook(self, sd) or sd
        return sd


class PenEncoder(Module):
    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(33)
        for name, shape in (("proj", (3, 8)), ("pos", (16, 3))):
            arr = rng.normal(size=shape).astype(np.float32)
            self._params[name] = jax.device_put(arr, NamedSharding(MESH, LAYOUT["train"][name]))
        self._register_state_dict_hook(gather_for_export)


def gather_for_export(module, sd, layout=LAYOUT["export"]):
    return {name: top_level_all_gather(t, layout[name]) for name, t in sd.items()}


def inputs():
    return (PenEncoder(),)


def main(encoder):
    with jax.set_mesh(MESH):
        sd = encoder.state_dict()
    print({k: v.shape for k, v in sd.items()})


if __name__ == "__main__":
    main(*inputs())
