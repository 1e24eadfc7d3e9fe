"""FSDP strategy across pods: parameters gathered inside a pod first, then across pods."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GatherMixin:
    def gather(self, x, axes):
        return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


class FSDPStrategy(GatherMixin):
    def __init__(self, intra="data", inter="pod"):
        self.intra = intra
        self.inter = inter

    def materialise(self, w):
        local = self.gather(w, self.intra)
        return self.gather(local, (self.inter, self.intra))


STRATEGIES = {"fsdp": FSDPStrategy, "fsdp_flat": functools.partial(FSDPStrategy, intra="model")}


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
    w = np.random.default_rng(61).normal(size=(16, 8)).astype(np.float32)
    return mesh, jax.device_put(w, NamedSharding(mesh, P(("pod", "data"), "model")))


def main(mesh, w):
    strat = STRATEGIES["fsdp"]()
    f = jax.shard_map(strat.materialise, mesh=mesh, in_specs=P(("pod", "data"), "model"),
                      out_specs=P(None, "model", reduced={"pod", "data"}))
    return f(w)


if __name__ == "__main__":
    main(*inputs())
