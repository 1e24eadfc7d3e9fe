"""A frozen run config is re-derived with dataclasses.replace for ZeRO once the mesh exists."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class RunConfig:
    batch_axis: str = "data"
    gather_axis: str = "model"
    zero: bool = False


def inputs():
    return RunConfig(), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg: RunConfig, w):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.gather_axis))
    w_spec = P(cfg.batch_axis)
    w = jax.device_put(w, NamedSharding(mesh, w_spec))
    if cfg.zero:
        cfg = dataclasses.replace(cfg, gather_axis=cfg.batch_axis)

    def step(w):
        full = jax.lax.all_gather(w, cfg.gather_axis, to="reduced", tiled=True)
        return full + full

    out = jax.shard_map(step, mesh=mesh, in_specs=w_spec, out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
