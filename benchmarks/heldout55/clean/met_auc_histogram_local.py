"""Streaming AUC from score histograms of positives and negatives."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class AUCConfig:
    num_bins: int = 16
    host_axis: str = "host"
    shard_axis: str = "shard"


class StreamingAUC:
    def __init__(self, cfg=None):
        self.cfg = cfg or AUCConfig()

    def _histograms(self, scores, labels):
        bins = jnp.clip((scores * self.cfg.num_bins).astype(jnp.int32), 0, self.cfg.num_bins - 1)
        onehot = jax.nn.one_hot(bins, self.cfg.num_bins)
        pos = (onehot * labels[..., None]).sum(axis=0)
        neg = (onehot * (1.0 - labels[..., None])).sum(axis=0)
        return jnp.stack([pos, neg])

    def update(self, scores, labels):
        hist = self._histograms(scores, labels)
        return jax.lax.all_gather(hist, self.cfg.host_axis, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    return rng.random((32, 4)).astype(np.float32), (rng.random((32, 4)) < 0.2).astype(np.float32)


def main(scores, labels):
    auc = StreamingAUC()
    cfg = auc.cfg
    mesh = jax.make_mesh((2, 4), (cfg.host_axis, cfg.shard_axis))
    spec = P(cfg.host_axis, cfg.shard_axis)
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    f = jax.shard_map(auc.update, mesh=mesh, in_specs=(spec, spec),
                      out_specs=P(None, None, cfg.shard_axis, None, reduced={cfg.host_axis}))
    return f(scores, labels)


if __name__ == "__main__":
    main(*inputs())
