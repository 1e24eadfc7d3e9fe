"""Metrics aggregation: a registry of cross-device reducers for evaluation metrics.

Metric states (here a class-parallel confusion matrix) are computed per device and then
finalised by a reducer looked up in ``REDUCERS`` by name. ``"gather"`` keeps one state per
shard of the reducer's axis, which the dashboard uses to spot skewed shards.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Final, Literal

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["REDUCERS", "register_reducer", "MetricSpec", "confusion_matrix", "main"]

logger = logging.getLogger(__name__)

BATCH_AXIS: Final[str] = "batch"
CLASS_AXIS: Final[str] = "shard"

Reducer = Callable[[jax.Array, str], jax.Array]
REDUCERS: dict[str, Reducer] = {}


def register_reducer(name: str) -> Callable[[Reducer], Reducer]:
    """Registers a reducer under ``name``.

    Raises:
        ValueError: If the name is already taken.
    """
    def _decorator(fn: Reducer) -> Reducer:
        if name in REDUCERS:
            raise ValueError(f"reducer {name!r} is already registered by {REDUCERS[name].__qualname__}.")
        REDUCERS[name] = fn
        return fn
    return _decorator


@register_reducer("sum")
def _sum_reducer(state: jax.Array, axis: str) -> jax.Array:
    return jax.lax.psum(state, axis)


@register_reducer("gather")
def _gather_reducer(state: jax.Array, axis: str) -> jax.Array:
    return jax.lax.all_gather(state, axis, axis=0, tiled=False, to="reduced")


@dataclass(frozen=True)
class MetricSpec:
    """How a metric's state is finalised.

    Attributes:
        name: Metric name.
        stages: (reducer name, axis) pairs applied in order.
    """

    name: str
    stages: tuple[tuple[Literal["sum", "gather"], str], ...]

    def validate(self) -> None:
        for reducer, axis in self.stages:
            if reducer not in REDUCERS:
                raise ValueError(f"metric {self.name!r}: unknown reducer {reducer!r}; known: {sorted(REDUCERS)}.")
            if axis not in (BATCH_AXIS, CLASS_AXIS):
                raise ValueError(f"metric {self.name!r}: unknown axis {axis!r}.")


CONFUSION: Final[MetricSpec] = MetricSpec(
    name="confusion",
    stages=(("sum", BATCH_AXIS), ("gather", BATCH_AXIS)),
)


def _local_confusion(pred_logits: jax.Array, labels: jax.Array) -> jax.Array:
    """(true_classes, local_pred_classes) counts of soft predictions."""
    probs = jax.nn.sigmoid(pred_logits)
    onehot = jax.nn.one_hot(labels, 4, dtype=jnp.float32)
    return onehot.T @ probs


def confusion_matrix(spec: MetricSpec, logits: jax.Array, labels: jax.Array,
                     mesh: jax.sharding.Mesh) -> jax.Array:
    """Computes and finalises the confusion matrix.

    Args:
        spec: Finalisation stages.
        logits: Logits (n, classes) split (batch, shard).
        labels: Labels (n,) split over batch.
        mesh: The mesh.

    Returns:
        The finalised metric state.
    """
    spec.validate()

    def _body(lg: jax.Array, y: jax.Array) -> jax.Array:
        state = _local_confusion(lg, y)
        for reducer, axis in spec.stages:
            logger.debug(f"{spec.name}: {reducer} over {axis}")
            state = REDUCERS[reducer](state, axis)
        return state

    fn = jax.shard_map(_body, mesh=mesh, in_specs=(P(BATCH_AXIS, CLASS_AXIS), P(BATCH_AXIS)),
                       out_specs=P(None, None, CLASS_AXIS, reduced={BATCH_AXIS}))
    return fn(logits, labels)


def inputs() -> tuple[MetricSpec, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(61)
    return CONFUSION, rng.normal(size=(16, 4)).astype(np.float32), rng.integers(0, 4, size=(16,)).astype(np.int32)


def main(spec: MetricSpec, logits: np.ndarray, labels: np.ndarray) -> jax.Array:
    mesh = jax.make_mesh((4, 2), (BATCH_AXIS, CLASS_AXIS))
    cm = confusion_matrix(spec, jax.device_put(logits, NamedSharding(mesh, P(BATCH_AXIS, CLASS_AXIS))),
                          jax.device_put(labels, NamedSharding(mesh, P(BATCH_AXIS))), mesh)
    logger.info(f"confusion state {cm.shape}")
    return cm


if __name__ == "__main__":
    main(*inputs())
