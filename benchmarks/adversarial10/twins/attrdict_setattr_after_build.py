"""An AttrDict config: an attribute store writes the item."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


CFG = AttrDict(count_axis="j", sync_axes=("i", "j"))


def body(block):
    counts = jax.lax.psum(block, CFG.count_axis)
    return jax.lax.psum(counts, CFG.sync_axes)


def main(mesh, x):
    CFG.count_axis = "j"
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
