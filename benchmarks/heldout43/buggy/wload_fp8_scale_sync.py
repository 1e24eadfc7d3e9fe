"""FP8 checkpoint loading: per-shard weight scales synchronised across the tensor-parallel group."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FP8_MAX = 448.0


@dataclass(frozen=True)
class LoadConfig:
    tp_axis: str = "tp"
    fsdp_axis: str = "fsdp"
    scale_dtype: str = "float32"


class Fp8WeightLoader:
    def __init__(self, config: LoadConfig):
        self.config = config

    def shard_scales(self, weight):
        amax = jnp.max(jnp.abs(weight), axis=0, keepdims=True)
        return jax.lax.all_gather(amax / FP8_MAX, self.config.tp_axis, axis=1, tiled=True, to="reduced")

    def load(self, weight):
        scales = self.shard_scales(weight)
        table = jax.lax.all_gather(scales, self.config.tp_axis, axis=0, tiled=True)
        return table.astype(self.config.scale_dtype)


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(weight):
    config = LoadConfig()
    mesh = jax.make_mesh((2, 4), (config.fsdp_axis, config.tp_axis))
    spec = P(config.fsdp_axis, config.tp_axis)
    weight = jax.device_put(weight, NamedSharding(mesh, spec))
    loader = Fp8WeightLoader(config)
    fn = jax.shard_map(loader.load, mesh=mesh, in_specs=spec, out_specs=P((config.fsdp_axis, config.tp_axis), None))
    return fn(weight)


if __name__ == "__main__":
    main(*inputs())
