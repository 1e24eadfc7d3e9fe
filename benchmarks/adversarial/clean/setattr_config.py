"""A dataclass config patched with setattr from a list of overrides (as a CLI would)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ParallelConfig:
    mesh_shape: tuple = (2, 4)
    axis_names: tuple = ("data", "fsdp")
    reduce_axes: tuple = ("data", "fsdp")


def apply_overrides(cfg, overrides):
    for key, value in overrides:
        setattr(cfg, key, value)
    return cfg


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    cfg = apply_overrides(ParallelConfig(), [("reduce_axes", ("data",))])
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.axis_names)
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), cfg.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
