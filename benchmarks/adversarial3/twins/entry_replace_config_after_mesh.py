"""Entry point: the frozen config is re-derived with dataclasses.replace once the mesh exists."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class RunConfig:
    batch_axis: str
    gather_axis: str


def inputs():
    return RunConfig("data", "model"), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg: RunConfig, w):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.gather_axis))
    w_spec = P(cfg.batch_axis)
    w = jax.device_put(w, NamedSharding(mesh, w_spec))
    cfg = dataclasses.replace(cfg)

    def step(w):
        full = jax.lax.all_gather(w, cfg.gather_axis, to="reduced", tiled=True)
        return full + full

    out = jax.shard_map(step, mesh=mesh, in_specs=w_spec, out_specs=P(None, reduced={cfg.batch_axis}))(w)
    return float(np.asarray(out).sum())
