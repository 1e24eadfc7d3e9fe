"""DCN-v2 cross layers: per-layer weight norms for the regulariser, shared with every shard."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CrossNetConfig:
    num_layers: int = 3
    input_dim: int = 16
    feature_axis: str = "feature"
    data_axis: str = "data"


def cross_layer_norms(kernels, cfg):
    norms = []
    for layer in range(cfg.num_layers):
        sq = jnp.sum(kernels[layer] ** 2, axis=0, keepdims=True)
        norms.append(jax.lax.psum(sq, cfg.feature_axis))
    stacked = jnp.concatenate(norms, axis=0)
    return jax.lax.all_gather(stacked, cfg.feature_axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(30).normal(size=(3, 16, 16)).astype(np.float32),)


def main(kernels):
    cfg = CrossNetConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.feature_axis))
    spec = P(None, cfg.feature_axis, cfg.data_axis)
    kernels = jax.device_put(kernels, NamedSharding(mesh, spec))
    f = jax.shard_map(lambda k: cross_layer_norms(k, cfg), mesh=mesh, in_specs=spec,
                      out_specs=P(None, cfg.data_axis, reduced={cfg.feature_axis}))
    return f(kernels)


if __name__ == "__main__":
    main(*inputs())
