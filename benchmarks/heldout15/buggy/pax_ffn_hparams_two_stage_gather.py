"""Praxis-like feed-forward layer: HParams objects, a weight-sharding template, fprop."""
import dataclasses
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class WeightSharding:
    wt: tuple = ("data", "mdl")


@dataclasses.dataclass
class FeedForwardHParams:
    name: str = "ffn"
    input_dims: int = 8
    hidden_dims: int = 16
    weight_split_dims_mapping: Optional[WeightSharding] = None

    def instantiate(self):
        return FeedForward(self)


class FeedForward:
    def __init__(self, hparams):
        self.hparams = hparams

    @property
    def wt(self):
        return self.hparams.weight_split_dims_mapping.wt

    def materialize_rows(self, w):
        # FSDP: rows first, the gradient is reduce-scattered back over 'data'
        return jax.lax.all_gather(w, self.wt[0], axis=0, tiled=True, to="reduced")

    def fprop(self, x, w):
        w_rows = self.materialize_rows(w)
        w_full = jax.lax.all_gather(w_rows, self.wt, axis=1, tiled=True, to="reduced")
        return jax.nn.relu(x @ w_full)


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    w = np.linspace(-0.5, 0.5, 128, dtype=np.float32).reshape(8, 16)
    return x, w


def main(x, w):
    hp = FeedForwardHParams(weight_split_dims_mapping=WeightSharding())
    layer = hp.instantiate()
    mesh = jax.make_mesh((2, 4), layer.wt)
    x = jax.device_put(x, NamedSharding(mesh, P()))  # serving: activations replicated
    w = jax.device_put(w, NamedSharding(mesh, P(*layer.wt)))
    f = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(P(), P(*layer.wt)),
                      out_specs=P())
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
