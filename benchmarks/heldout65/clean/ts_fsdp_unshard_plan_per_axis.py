"""FSDP train state: parameters are unsharded for evaluation by following an unshard plan."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class FSDPConfig:
    shard_axis: str = "fsdp"
    replica_axis: str = "data"
    unshard_plan: tuple = ()

    def __post_init__(self):
        if not self.unshard_plan:
            self.unshard_plan = ((self.shard_axis, 0), (self.replica_axis, 1))


class ShardedTrainState:
    def __init__(self, params, config):
        self.params = params
        self.config = config

    def unsharded(self, leaf):
        for axes, dim in self.config.unshard_plan:
            leaf = jax.lax.all_gather(leaf, axes, axis=dim, tiled=True, to="reduced")
        return leaf

    def eval_params(self):
        return {k: self.unsharded(v) for k, v in self.params.items()}


def inputs():
    rng = np.random.default_rng(10)
    return ({"w": rng.normal(size=(8, 16)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    spec = P("fsdp", "data")
    params = {k: jax.device_put(v, NamedSharding(mesh, spec)) for k, v in params.items()}
    config = FSDPConfig()

    def body(p):
        return ShardedTrainState(p, config).eval_params()

    out = {"w": P(None, None, reduced={"data", "fsdp"})}
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": spec},), out_specs=out)(params)


if __name__ == "__main__":
    main(*inputs())
