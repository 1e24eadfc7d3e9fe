"""Inference server helpers: load tensor-parallel weights and warm up the replicas.

The loader places the embedding table split over (replica, tp) inside the serving mesh
context. After loading, ``warmup`` assembles the vocabulary dimension of the table so that
each tensor-parallel group holds complete rows for the first request.
"""
from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, Iterator

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["ServingConfig", "load_weights", "warmup", "main"]

logger = logging.getLogger(__name__)

AXES: Final[tuple[str, str]] = ("replica", "tp")


@dataclass(frozen=True)
class ServingConfig:
    """Serving mesh settings.

    Attributes:
        replicas: Number of replicas.
        tp_degree: Tensor-parallel degree.
    """

    replicas: int = 2
    tp_degree: int = 4

    def validate(self) -> None:
        if self.replicas * self.tp_degree != len(jax.devices()):
            raise ValueError(
                f"replicas * tp_degree = {self.replicas * self.tp_degree} does not match the "
                f"{len(jax.devices())} visible devices."
            )


@contextmanager
def _timed(label: str) -> Iterator[None]:
    start = time.perf_counter()
    yield
    logger.info(f"{label}: {time.perf_counter() - start:.3f}s")


def load_weights(config: ServingConfig, table: np.ndarray) -> tuple[jax.sharding.Mesh, jax.Array]:
    """Places the embedding table on the serving mesh.

    Args:
        config: Serving settings.
        table: Embedding table (vocab, d_model).

    Returns:
        The mesh and the placed table.
    """
    config.validate()
    mesh = jax.make_mesh((config.replicas, config.tp_degree), AXES)
    with jax.set_mesh(mesh), _timed("load"):
        placed = jax.device_put(table, NamedSharding(mesh, P(AXES[1], AXES[0])))
        placed = jax.block_until_ready(placed * 1.0)
    return mesh, placed


def warmup(table: jax.Array) -> jax.Array:
    """Gathers the vocabulary dimension so each replica holds complete rows.

    Args:
        table: The placed embedding table.

    Returns:
        The table with the vocabulary dimension gathered.
    """
    logger.info(f"warming up with table sharding {table.sharding.spec}")
    return top_level_all_gather(table, P(None, AXES[0], reduced={AXES[1]}))


def inputs() -> tuple[ServingConfig, np.ndarray]:
    return ServingConfig(), np.arange(128, dtype=np.float32).reshape(16, 8)


def main(config: ServingConfig, table: np.ndarray) -> jax.Array:
    logging.basicConfig(level=logging.INFO)
    mesh, placed = load_weights(config, table)
    with jax.set_mesh(mesh):
        full = warmup(placed)
    logger.info(f"warm table {full.shape} on mesh {mesh.axis_names}")
    return full


if __name__ == "__main__":
    main(*inputs())
