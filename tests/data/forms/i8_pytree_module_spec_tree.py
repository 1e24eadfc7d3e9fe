from dataclasses import dataclass, field

import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclass
class Dense:
    w: jax.Array

    def __call__(self, x):
        return x @ self.w


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class Block:
    proj: Dense
    axis: str = field(default="j", metadata={"static": True})

    def __call__(self, x):
        h = lax.psum(self.proj(x), self.axis)
        return lax.all_gather(h, self.axis, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    model = Block(Dense(x))
    specs = Block(Dense(P("j", None)))
    model = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), model, specs)
    f = jax.shard_map(lambda m, v: m(v), mesh=mesh, in_specs=(specs, P(None, "j")), out_specs=P(reduced={"j"}))
    return f(model, x)
