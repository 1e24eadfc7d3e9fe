import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ShardingConfig:
    param_axis: str = "fsdp"
    gather_axes: tuple = ("fsdp", "tp")


def unshard_params(params, cfg: ShardingConfig):
    first = jax.tree.map(lambda p: jax.lax.all_gather(p, cfg.param_axis, to="reduced", tiled=True), params)
    return jax.tree.map(lambda p: jax.lax.all_gather(p, cfg.gather_axes, axis=1, to="reduced", tiled=True), first)


def inputs():
    return ({"wi": np.ones((4, 8), np.float32), "wo": np.ones((4, 8), np.float32) * 2},)


def main(params):
    cfg = ShardingConfig()
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    params = jax.device_put(params, NamedSharding(mesh, spec))
    f = jax.shard_map(
        lambda p: unshard_params(p, cfg),
        mesh=mesh,
        in_specs=spec,
        out_specs=P(None, None, reduced={"fsdp", "tp"}),
    )
    return f(params)
