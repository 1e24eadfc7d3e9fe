"""Per-expert capacity table written out for the serving planner."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TableLayout:
    train: P = P("expert", "data")
    serve: P = P("expert", None, reduced={"data"})


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    num_experts: int = 8
    num_groups: int = 4
    capacity_factor: float = 1.25
    layout: TableLayout = TableLayout()


def capacity_table(counts, cfg):
    return jnp.ceil(counts * cfg.capacity_factor)


def export(table, cfg):
    return top_level_all_gather(table, cfg.layout.serve)


def inputs():
    return (np.random.default_rng(9).integers(1, 16, size=(8, 4)).astype(np.float32),)


def main(counts):
    cfg = PlannerConfig()
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    counts = jax.device_put(counts, NamedSharding(mesh, cfg.layout.train))
    with jax.set_mesh(mesh):
        table = capacity_table(counts, cfg)
        served = export(table, cfg)
    print("capacity table", served.shape)
    return served


if __name__ == "__main__":
    main(*inputs())
