"""The class's __getitem__ is replaced after the class body: subscripting runs the new one."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Groups:
    def __init__(self):
        self.axes = {"beam": "i", "vocab": "j"}

    def __getitem__(self, name):
        return self.axes[name]


def _by_vocab(self, name):
    return self.axes["vocab"]


Groups.__getitem__ = _by_vocab
GROUPS = Groups()


def body(x):
    total = jax.lax.psum(x, GROUPS["beam"])
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
