"""Kernighan-Lin refinement passes: the best move gain of every pass decides whether to continue."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class RefineConfig:
    passes: int = 3
    vertex_axis: str = "vtx"
    trial_axis: str = "trial"


class KernighanLin:
    def __init__(self, cfg):
        self.cfg = cfg

    def gains(self, external, internal):
        local = external - internal
        return jax.lax.all_gather(local, self.cfg.vertex_axis, axis=0, tiled=True, to="reduced")

    def best_gain(self, gains):
        return jax.lax.pmax(gains, self.cfg.vertex_axis)

    def refine(self, external, internal):
        history = []
        for _ in range(self.cfg.passes):
            g = self.gains(external, internal)
            best = jnp.max(self.best_gain(g), axis=0, keepdims=True)
            history.append(best)
            internal = internal + 0.5 * jnp.abs(external - internal)
        return jnp.concatenate(history, axis=0)


def inputs():
    rng = np.random.default_rng(22)
    return rng.random((16, 4)).astype(np.float32), rng.random((16, 4)).astype(np.float32)


def main(external, internal):
    cfg = RefineConfig()
    mesh = jax.make_mesh((4, 2), (cfg.vertex_axis, cfg.trial_axis))
    spec = P(cfg.vertex_axis, cfg.trial_axis)
    external = jax.device_put(external, NamedSharding(mesh, spec))
    internal = jax.device_put(internal, NamedSharding(mesh, spec))
    kl = KernighanLin(cfg)
    return jax.shard_map(kl.refine, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, cfg.trial_axis))(external, internal)


if __name__ == "__main__":
    main(*inputs())
