"""HSDP strategy's health statistics: per-pod parameter norms shared with every data rank."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeshPlan:
    replicate: str = "pod"
    shard: str = "data"
    tensor: str = "model"


@dataclasses.dataclass
class HSDPConfig:
    plan: MeshPlan = dataclasses.field(default_factory=MeshPlan)
    log_every: int = 10


class HSDPStats:
    def __init__(self, cfg: HSDPConfig):
        self.cfg = cfg

    def pod_norm(self, w):
        sq = jnp.sum(w * w, axis=0, keepdims=True)
        return jax.lax.psum(sq, self.cfg.plan.shard)

    def share(self, w):
        norms = self.pod_norm(w)
        return jax.lax.all_gather(norms, self.cfg.plan.shard, axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
    w = np.random.default_rng(63).normal(size=(16, 8)).astype(np.float32)
    return mesh, jax.device_put(w, NamedSharding(mesh, P(("pod", "data"), "model")))


def main(mesh, w):
    stats = HSDPStats(HSDPConfig())
    f = jax.shard_map(stats.share, mesh=mesh, in_specs=P(("pod", "data"), "model"),
                      out_specs=P("pod", "model", reduced={"data"}))
    return f(w)


if __name__ == "__main__":
    main(*inputs())
