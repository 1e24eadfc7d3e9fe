"""Switch-style load-balancing statistics for every MoE layer of the stack."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StackConfig:
    num_layers: int = 3
    batch_axis: str = "data"
    expert_axis: str = "expert"


def _replicate(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def layer_importance(probs, cfg):
    return probs.sum(axis=0)


def balance_stats(router_probs, cfg=StackConfig()):
    out = []
    for layer in range(cfg.num_layers):
        importance = layer_importance(router_probs[layer], cfg)
        out.append(_replicate(importance[None], (cfg.batch_axis, cfg.expert_axis)))
    return jnp.concatenate(out)


def inputs():
    rng = np.random.default_rng(2632)
    return (rng.uniform(0, 1, (3, 16, 8)).astype(np.float32),)


def main(router_probs):
    cfg = StackConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.expert_axis))
    spec = P(None, cfg.batch_axis, cfg.expert_axis)
    router_probs = jax.device_put(router_probs, NamedSharding(mesh, spec))
    fn = jax.shard_map(balance_stats, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced={cfg.batch_axis, cfg.expert_axis}))
    return fn(router_probs)


if __name__ == "__main__":
    print(main(*inputs()))
