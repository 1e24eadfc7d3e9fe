"""sync_axes keeps the axes it handed out in a default set shared by every call: the module's
first call takes "j", so the later call over "i,j" gives ("i",) only."""
import json

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def sync_axes(text, seen=set()):
    out = [a for a in text.split(",") if a not in seen]
    seen.update(out)
    return tuple(out)


COUNT_AXES = sync_axes("j")
POLICY = json.loads('{"sync": "i,j"}')


class Policy:
    def __init__(self, cfg):
        self.sync = sync_axes(cfg["sync"])

    def __call__(self, block):
        counts = jax.lax.psum(block, COUNT_AXES)
        return jax.lax.psum(counts, axis_name=self.sync)


def main(mesh, x):
    return jax.shard_map(Policy(POLICY), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
