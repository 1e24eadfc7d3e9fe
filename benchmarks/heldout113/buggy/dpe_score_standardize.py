"""Data-parallel evaluation script: standardise retrieval scores across the eval set.

Scores are computed per data shard; for the z-score the script needs the whole eval set,
so the scores are collected over ``data`` and standardised with the set's mean and
standard deviation before thresholding.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["Normalisation", "ScoreConfig", "standardised_scores", "main"]

logger = logging.getLogger(__name__)

DATA: Final[str] = "data"
MODEL: Final[str] = "model"


class Normalisation(str, Enum):
    NONE = "none"
    ZSCORE = "zscore"


@dataclass(frozen=True)
class ScoreConfig:
    """Score normalisation settings.

    Attributes:
        normalisation: How scores are normalised.
        eps: Added to the standard deviation.
    """

    normalisation: Normalisation = Normalisation.ZSCORE
    eps: float = 1e-6

    def validate(self) -> None:
        if self.eps <= 0.0:
            raise ValueError(f"eps must be positive, got {self.eps}.")


def _collect(scores: jax.Array) -> jax.Array:
    return jax.lax.all_gather(scores, DATA, tiled=True, to="reduced")


def _normalise(scores: jax.Array, config: ScoreConfig) -> jax.Array:
    if config.normalisation is Normalisation.NONE:
        return scores
    centred = scores - jnp.mean(scores)
    return centred / (jnp.std(scores) + config.eps)


def standardised_scores(config: ScoreConfig, q: jax.Array, d: jax.Array, mesh: jax.sharding.Mesh) -> jax.Array:
    """Standardised query-document scores.

    Args:
        config: Normalisation settings.
        q: Query embeddings split (data, model).
        d: Document embeddings split (data, model).
        mesh: The mesh.

    Returns:
        The standardised scores of the whole set.
    """
    config.validate()

    def _body(qb: jax.Array, db: jax.Array) -> jax.Array:
        scores = jax.lax.psum(jnp.sum(qb * db, axis=-1), MODEL)
        return _normalise(_collect(scores), config)

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(DATA, MODEL), P(DATA, MODEL)),
                       out_specs=P(reduced={DATA}))
    return fn(q, d)


def inputs() -> tuple[ScoreConfig, np.ndarray, np.ndarray]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--normalisation", default=Normalisation.ZSCORE.value)
    args = parser.parse_args([])
    rng = np.random.default_rng(139)
    return (ScoreConfig(normalisation=Normalisation(args.normalisation)),
            rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32))


def main(config: ScoreConfig, q: np.ndarray, d: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (DATA, MODEL))
    s = NamedSharding(mesh, P(DATA, MODEL))
    z = standardised_scores(config, jax.device_put(q, s), jax.device_put(d, s), mesh)
    logger.info(f"standardised {z.shape}")
    return z


if __name__ == "__main__":
    main(*inputs())
