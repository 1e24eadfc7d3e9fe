"""Global gradient-norm clipping for the dense towers, with the gradient shards assembled first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class OptimizerConfig:
    def __init__(self, max_norm=1.0, shard_axes=("model", "data")):
        self.max_norm = max_norm
        self.shard_axes = shard_axes


def assemble(grad, cfg):
    cols = jax.lax.all_gather(grad, cfg.shard_axes[0], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(cols, cfg.shard_axes, axis=0, tiled=True, to="reduced")


def clip_body(grad, cfg=OptimizerConfig()):
    return assemble(grad, cfg)


def inputs():
    return (np.random.default_rng(60).normal(size=(16, 16)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(clip_body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(grad)


if __name__ == "__main__":
    main(*inputs())
