"""Per-worker local losses of a FedProx round, collected into a report matrix for the dashboard."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ReportLayout:
    per_worker: P = P("worker", "tp")
    gathered: P = field(default=P(None, None, reduced={"worker", "tp"}))


LAYOUT = ReportLayout()


def local_losses(mesh, losses):
    return jax.device_put(losses, NamedSharding(mesh, LAYOUT.per_worker))


def report(mesh, losses):
    placed = local_losses(mesh, losses)
    with jax.set_mesh(mesh):
        table = top_level_all_gather(placed, LAYOUT.gathered)
    return table


def inputs():
    return (np.abs(np.random.default_rng(24).normal(size=(8, 6))).astype(np.float32),)


def main(losses):
    mesh = jax.make_mesh((4, 2), ("worker", "tp"))
    return report(mesh, losses)


if __name__ == "__main__":
    main(*inputs())
