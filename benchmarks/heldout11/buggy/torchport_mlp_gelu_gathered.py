"""A GPT-2 MLP block ported from PyTorch (`import jax.nn as F`, fc1 / act / fc2)."""
import jax
import jax.nn as F
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GPT2MLP:
    def fc1(self, x, w):
        return x @ w

    def forward(self, x, w1):
        h = jax.lax.all_gather(self.fc1(x, w1), "tp", axis=1, tiled=True, to="reduced")
        h = F.gelu(h)
        return h

    __call__ = forward


def inputs():
    return np.ones((8, 16), np.float32), np.full((16, 64), 0.02, np.float32)


def main(x, w1):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w1 = jax.device_put(w1, NamedSharding(mesh, P(None, "tp")))
    mlp = GPT2MLP()
    return jax.shard_map(mlp, mesh=mesh, in_specs=(P("dp", None), P(None, "tp")),
                         out_specs=P("dp", None, reduced={"tp"}))(x, w1)


if __name__ == "__main__":
    print(main(*inputs()).shape)
