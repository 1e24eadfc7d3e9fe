"""Risk model: EWMA factor covariance with a half-life decay."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class EWMAConfig:
    half_life: float = 90.0
    axes: dict = field(default_factory=lambda: {"days": "days", "factors": "factors"})

    @property
    def decay(self):
        return 0.5 ** (1.0 / self.half_life)


def ewma_cov(f, cfg: EWMAConfig):
    outer = jnp.einsum("dk,dl->kl", f, f)
    pooled = jax.lax.all_gather(outer, cfg.axes["days"], to="reduced")
    weighted = pooled * (1.0 - cfg.decay)
    return weighted.sum(axis=0) @ jnp.eye(f.shape[1])


def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(0, 0.01, (32, 4)).astype(np.float32),)


def main(f):
    cfg = EWMAConfig()
    mesh = jax.make_mesh((8,), (cfg.axes["days"],))
    f = jax.device_put(f, NamedSharding(mesh, P(cfg.axes["days"], None)))
    fn = jax.shard_map(lambda x: ewma_cov(x, cfg), mesh=mesh, in_specs=P(cfg.axes["days"], None), out_specs=P())
    return fn(f)


if __name__ == "__main__":
    print(main(*inputs()))
