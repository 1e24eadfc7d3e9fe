"""GroupNorm of a channel-sharded UNet ResBlock; the group statistics are also published for the training monitor."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __call__(self, *args):
        return self.forward(*args)


class GroupNorm(Module):
    def __init__(self, groups, channel_axis="model", eps=1e-5):
        self.groups = groups
        self.channel_axis = channel_axis
        self.eps = eps

    def stats(self, h):
        g = h.reshape(h.shape[0], h.shape[1], self.groups, -1)
        s1 = jax.lax.psum(g.sum(axis=(1, 3)), self.channel_axis)
        return s1

    def forward(self, h):
        s1 = self.stats(h)
        monitor = jax.lax.all_gather(s1, self.channel_axis, axis=0, tiled=True, to="reduced")
        n = h.shape[1] * h.shape[2] // self.groups
        mean = jnp.repeat(s1 / n, h.shape[2] // self.groups, axis=1)
        return h - mean[:, None, :], monitor


class ResBlock(Module):
    def __init__(self):
        self.norm = GroupNorm(groups=2)

    def forward(self, h):
        y, monitor = self.norm(h)
        return h + jax.nn.silu(y), monitor


def inputs():
    return (np.random.default_rng(32).standard_normal((4, 6, 16), dtype=np.float32),)


def main(h):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    h = jax.device_put(h, NamedSharding(mesh, P("data", None, "model")))
    block = ResBlock()
    out, monitor = jax.shard_map(block, mesh=mesh, in_specs=P("data", None, "model"),
                               out_specs=(P("data", None, "model"), P("data", None, reduced={"model"})))(h)
    print(monitor.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
