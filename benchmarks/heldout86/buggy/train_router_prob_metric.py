"""Router probability metrics logged every step: mean expert probability over the pooled tokens."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MetricsConfig:
    data_axis: str = "data"
    expert_axis: str = "expert"
    pool_tokens: bool = True


class RouterMetrics:
    def __init__(self, cfg):
        self.cfg = cfg

    def pooled(self, probs):
        if self.cfg.pool_tokens:
            return jax.lax.all_gather(probs, self.cfg.expert_axis, axis=0, tiled=True, to="reduced")
        return probs

    def summarize(self, probs):
        pooled = self.pooled(probs)
        return {"mean_prob": jnp.mean(pooled, axis=0), "max_prob": pooled.max(axis=0)}


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = MetricsConfig()
    axes = (cfg.data_axis, cfg.expert_axis)
    mesh = jax.make_mesh((4, 2), axes)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(axes, None)))
    metrics = RouterMetrics(cfg)

    def step(x, w):
        summary = metrics.summarize(jax.nn.softmax(x @ w, axis=-1))
        return jax.tree.map(lambda v: jax.lax.pmax(v, cfg.data_axis), summary)

    out = jax.shard_map(step, mesh=mesh, in_specs=(P(axes, None), P()), out_specs=P())(tokens, w_router)
    print({k: v.shape for k, v in out.items()})
    return out


if __name__ == "__main__":
    main(*inputs())
