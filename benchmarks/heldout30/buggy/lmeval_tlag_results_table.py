"""Collect the harness' per-sample results table onto the host layout named in the task config."""
from dataclasses import dataclass

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class TaskConfig:
    task: str = "arc_easy"
    compute_layout: P = P(("data", "model"), None)
    output_layout: P = P("data", None)


def collect(results, mesh, cfg: TaskConfig):
    placed = jax.device_put(results, NamedSharding(mesh, cfg.compute_layout))
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed, cfg.output_layout)


def inputs():
    return (np.arange(16 * 3, dtype=np.float32).reshape(16, 3),)


def main(results):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return collect(results, mesh, TaskConfig())


if __name__ == "__main__":
    print(main(*inputs()))
