"""Fill per-layer hit-multiplicity histograms from a sharded event sample."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class HistConfig:
    n_bins: int = 8
    lo: float = 0.0
    hi: float = 8.0
    event_axis: str = "events"
    layer_axis: str = "layer"


def fill(values, cfg):
    edges = jnp.linspace(cfg.lo, cfg.hi, cfg.n_bins + 1)
    idx = jnp.clip(jnp.searchsorted(edges, values, side="right") - 1, 0, cfg.n_bins - 1)
    return jax.nn.one_hot(idx, cfg.n_bins).sum(axis=0)


class HistogramBooker:
    def __init__(self, cfg):
        self.cfg = cfg

    def book(self, hits):
        counts = jax.lax.psum(fill(hits, self.cfg), self.cfg.event_axis)
        return jax.lax.all_gather(counts, axis_name=self.cfg.event_axis, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    return (rng.poisson(3.0, (128, 8)).astype(np.float32),)


def main(hits):
    cfg = HistConfig()
    mesh = jax.make_mesh((2, 4), (cfg.event_axis, cfg.layer_axis))
    hits = jax.device_put(hits, NamedSharding(mesh, P(cfg.event_axis, cfg.layer_axis)))
    f = jax.shard_map(HistogramBooker(cfg).book, mesh=mesh, in_specs=P(cfg.event_axis, cfg.layer_axis),
                      out_specs=P(cfg.layer_axis, None, reduced={cfg.event_axis}))
    return f(hits)


if __name__ == "__main__":
    main(*inputs())
