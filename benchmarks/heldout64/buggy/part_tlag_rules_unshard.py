"""Sharding rules object: embeddings placed over all three mesh axes, unsharded off the data axis."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class ShardingRules:
    rules: tuple = (("vocab", ("data", "fsdp", "tensor")), ("embed", None))

    def mesh_axes(self, name):
        return dict(self.rules)[name]

    def spec(self, *names, reduced=frozenset()):
        return P(*(self.mesh_axes(n) for n in names), reduced=reduced)

    def without(self, axis):
        stripped = []
        for name, axes in self.rules:
            if isinstance(axes, tuple):
                axes = tuple(a for a in axes if a != axis) or None
            elif axes == axis:
                axes = None
            stripped.append((name, axes))
        return dataclasses.replace(self, rules=tuple(stripped))


def unshard_data_axis(table, rules, names=("vocab", "embed")):
    serve = rules.without("data")
    return top_level_all_gather(table, serve.spec(*names, reduced=frozenset({"data"})))


def inputs():
    rng = np.random.default_rng(39)
    return (rng.standard_normal((16, 4)).astype(np.float32),)


def main(table):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    rules = ShardingRules()
    with jax.set_mesh(mesh):
        placed = jax.device_put(table, NamedSharding(mesh, rules.spec("vocab", "embed")))
        return unshard_data_axis(placed, rules)


if __name__ == "__main__":
    main(*inputs())
