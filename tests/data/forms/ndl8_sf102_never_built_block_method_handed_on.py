"""The same blocks, but `describe` hands `.weights` on: `Basic.weights` may run anywhere, with
other arguments, so the helper is not judged."""
import jax
from jax.sharding import PartitionSpec as P


def gather_reduced(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=0, tiled=True, to="reduced")


class Bottleneck:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def weights(self, w):
        w1 = gather_reduced(w, self.axes[1])
        return gather_reduced(w1, self.axes)


class Basic:
    def __init__(self, axes=("i", "j")):
        self.axes = axes

    def weights(self, w):
        return gather_reduced(w, self.axes[1])


def describe(block):
    return block.weights


_BLOCKS = dict(basic=Basic, bottleneck=Bottleneck)


class Net:
    def __init__(self, block="basic"):
        self.block = _BLOCKS[block]()

    def __call__(self, w):
        return self.block.weights(w)


def main(mesh, x):
    net = Net("bottleneck")
    return jax.shard_map(net, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
