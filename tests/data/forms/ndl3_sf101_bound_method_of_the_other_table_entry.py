"""The same factory picks the other entry, whose method is correct: nothing to find."""
import jax
from jax.sharding import PartitionSpec as P


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


class SGDW:
    def __init__(self, lr, shard_axis="j"):
        self.lr = lr
        self.shard_axis = shard_axis

    def step(self, g):
        total = jax.lax.psum(g, self.shard_axis)
        return jax.lax.all_gather(total, self.shard_axis, axis=1, tiled=True, to="reduced")


class Plain:
    def __init__(self, lr, shard_axis="j"):
        self.lr = lr

    def step(self, g):
        return g * self.lr


def create_optimizer(opt, lr, **kwargs):
    return {"sgdw": SGDW, "plain": Plain}[opt](lr, **kwargs)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    opt = create_optimizer("plain", 0.1, shard_axis=mesh.axis_names[1])
    return shard_module(opt.step, mesh, P("i", "j"), P("i", "j"))(x)
