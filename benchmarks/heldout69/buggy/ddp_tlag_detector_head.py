"""state_dict of a DDP-wrapped text detector head: gathers the sharded weights to save them."""
from collections import OrderedDict

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))

PARAM_SPECS = {
    "binarize.weight": P("shard", None),
    "binarize.bias": P("shard"),
}
SAVE_SPECS = {
    "binarize.weight": P(None, None, reduced={"shard"}),
    "binarize.bias": P(None, reduced={"shard"}),
}


class DetectorHead:
    def __init__(self, channels=8, k=4):
        rng = np.random.default_rng(13)
        raw = {"binarize.weight": rng.normal(size=(channels, k)).astype(np.float32),
               "binarize.bias": np.zeros((channels,), np.float32)}
        self._params = OrderedDict(
            (k, jax.device_put(v, NamedSharding(MESH, PARAM_SPECS[k]))) for k, v in raw.items())

    def named_parameters(self):
        return self._params.items()


class DistributedDataParallel:
    def __init__(self, module):
        self.module = module

    def state_dict(self, prefix="module."):
        out = OrderedDict()
        for name, p in self.module.named_parameters():
            out[prefix + name] = top_level_all_gather(p, SAVE_SPECS[name])
        return out


def inputs():
    return (DistributedDataParallel(DetectorHead()),)


def main(model):
    sd = model.state_dict()
    for k, v in sd.items():
        print(k, v.shape, float(np.abs(np.asarray(v)).sum()))


if __name__ == "__main__":
    main(*inputs())
