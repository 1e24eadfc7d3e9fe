"""Document-type classifier logits gathered in two hops (intra-node, then world), funcol style."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("node", "local"))


class Group(str, enum.Enum):
    INTRA = "intra"
    WORLD = "world"


def _resolve_group(group):
    return {"intra": "local", "world": ("node", "local")}[Group(group).value]


class HierarchicalGather:
    def __init__(self, hops=(Group.INTRA, Group.WORLD), for_grad=True):
        self.hops = hops
        self.for_grad = for_grad

    def __call__(self, t):
        for hop in self.hops:
            t = jax.lax.all_gather(t, _resolve_group(hop), tiled=True,
                                   to="reduced" if self.for_grad else "varying")
        return t


def classify(pages, w):
    logits = jnp.mean(pages, axis=1) @ w
    return HierarchicalGather()(logits)


def inputs():
    rng = np.random.default_rng(61)
    pages = rng.normal(size=(16, 20, 8)).astype(np.float32)
    w = rng.normal(size=(8, 5)).astype(np.float32)
    return (jax.device_put(pages, NamedSharding(MESH, P(("node", "local"), None, None))),
            jax.device_put(w, NamedSharding(MESH, P())))


def main(pages, w):
    fn = jax.shard_map(classify, mesh=MESH, in_specs=(P(("node", "local"), None, None), P()),
                       out_specs=P(None, None, reduced={"node", "local"}))
    print("doc-class logits:", fn(pages, w).shape)


if __name__ == "__main__":
    main(*inputs())
