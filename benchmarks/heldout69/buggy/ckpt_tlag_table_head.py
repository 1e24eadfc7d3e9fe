"""Saving the structure head of a table recognizer: the model is built under a mesh, saved later."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "mp"))


@dataclass
class ShardedTensorMeta:
    local_spec: P
    full_spec: P


@dataclass
class StructureHead:
    meta: dict = field(default_factory=lambda: {
        "cls": ShardedTensorMeta(P(None, "mp"), P(None, None, reduced={"mp"})),
    })
    params: dict = field(default_factory=dict)

    def init(self, rng):
        w = rng.normal(size=(6, 8)).astype(np.float32)
        self.params["cls"] = jax.jit(lambda x: x * 0.5,
                                     out_shardings=NamedSharding(MESH, self.meta["cls"].local_spec))(w)
        return self

    def state_dict(self):
        return {k: top_level_all_gather(v, self.meta[k].full_spec) for k, v in self.params.items()}


def inputs():
    return (np.random.default_rng(43),)


def main(rng):
    with jax.set_mesh(MESH):
        head = StructureHead().init(rng)
        logits = jnp.ones((4, 6)) @ head.params["cls"]
    sd = head.state_dict()
    print("saved:", {k: v.shape for k, v in sd.items()}, "logits:", logits.shape)


if __name__ == "__main__":
    main(*inputs())
