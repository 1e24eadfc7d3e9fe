"""The subclass defines its own __post_init__ and never calls the base one, so the plan stays
the single gather it was given."""
import dataclasses

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class UnshardConfig:
    shard_axis: str = "i"
    replica_axis: str = "j"
    plan: tuple = ()

    def __post_init__(self):
        self.plan = ((self.shard_axis, 0), ((self.replica_axis, self.shard_axis), 1))


@dataclasses.dataclass
class EvalConfig(UnshardConfig):
    plan: tuple = (("i", 0), ("j", 1))

    def __post_init__(self):
        super().__post_init__()


def unsharded(leaf, config):
    for axes, dim in config.plan:
        leaf = jax.lax.all_gather(leaf, axes, axis=dim, tiled=True, to="reduced")
    return leaf


def main(mesh, x):
    config = EvalConfig()
    return jax.shard_map(lambda w: unsharded(w, config), mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
