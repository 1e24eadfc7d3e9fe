"""Loss averaged over all configured batch axes; only the first one shards the batch (one axis here)."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class BatchCfg:
    axes: list = field(default_factory=lambda: ["batch"])


def inputs():
    return BatchCfg(), np.arange(32, dtype=np.float32).reshape(16, 2)


def main(cfg, x):
    mesh = jax.make_mesh((8,), tuple(cfg.axes))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.axes[0])))

    def loss(x):
        return jax.lax.pmean(jnp.mean(x), tuple(cfg.axes) + ("model",))

    return jax.shard_map(loss, mesh=mesh, in_specs=P(cfg.axes[0]), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
