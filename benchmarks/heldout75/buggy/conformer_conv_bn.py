"""Conformer convolution module: depthwise conv followed by a sync batch norm."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ConformerConfig:
    output_size: int = 16
    cnn_module_kernel: int = 3
    bn_axis: str = "dp"
    stats_axis: str = "dp"


class SyncBatchNorm:
    def __init__(self, cfg):
        self.axis = cfg.bn_axis
        self.stats_axis = cfg.stats_axis

    def batch_stats(self, h):
        return jax.lax.pmean(h.mean(axis=0, keepdims=True), self.axis)

    def running_stats(self, mean):
        return jax.lax.all_gather(mean, self.stats_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, h):
        mean = self.batch_stats(h)
        return h - mean, self.running_stats(mean)


class ConvModule:
    def __init__(self, cfg):
        self.kernel = jnp.ones((cfg.cnn_module_kernel,), jnp.float32) / cfg.cnn_module_kernel
        self.norm = SyncBatchNorm(cfg)

    def __call__(self, x):
        h = jax.vmap(lambda row: jnp.convolve(row, self.kernel, mode="same"))(x)
        return self.norm(jax.nn.silu(h))


def inputs():
    rng = np.random.default_rng(20)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
    module = ConvModule(ConformerConfig())
    return jax.shard_map(module, mesh=mesh, in_specs=P("dp", "tp"),
                         out_specs=(P("dp", "tp"), P(None, "tp", reduced={"dp"})))(x)


if __name__ == "__main__":
    print(main(*inputs()))
