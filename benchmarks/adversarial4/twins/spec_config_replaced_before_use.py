"""The export config's default spec is the legacy one; main replaces it before exporting."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class ExportConfig:
    stored: P = P("data", "model")
    exported: P = P("model")  # legacy layout, replaced by every caller below
    name: str = "ckpt"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def export(x, mesh, cfg):
    w = jax.device_put(x, NamedSharding(mesh, cfg.stored))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, cfg.exported)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    cfg = ExportConfig()
    cfg = dataclasses.replace(cfg)
    return export(x, mesh, cfg)


if __name__ == "__main__":
    print(main(*inputs()))
