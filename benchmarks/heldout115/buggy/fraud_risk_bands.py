"""Risk bands: transaction logits replicated to every device of the batch axis, then squashed.

The banding pipeline applies the calibrated (temperature-scaled) sigmoid after replication so
that every consumer sees the whole batch's probabilities.
"""
from __future__ import annotations

import abc
import enum
from typing import Any, List, Optional, Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------- scoring.model
class Axis(str, enum.Enum):
    TXNS = "txns"
    MODEL = "model"


AxisSpec = Union[Axis, Tuple[Axis, ...]]


def axis_names(spec: AxisSpec):
    if isinstance(spec, tuple):
        return tuple(a.value for a in spec)
    return spec.value


class ActivationKind(enum.Enum):
    RELU = "relu"
    SIGMOID = "sigmoid"
    IDENTITY = "identity"


class ReduceOp(enum.Enum):
    SUM = "sum"
    MEAN = "mean"
    MAX = "max"


class PipelineNode(abc.ABC):
    @abc.abstractmethod
    def accept(self, visitor: "IPipelineVisitor") -> Any: ...


class RowParallelDense(PipelineNode):
    def __init__(self, weight_key: str, reduce_axis: Axis) -> None:
        self.weight_key = weight_key
        self.reduce_axis = reduce_axis

    def accept(self, visitor):
        return visitor.visit_dense(self)

    def __repr__(self) -> str:
        return f"RowParallelDense({self.weight_key!r}, reduce_axis={self.reduce_axis.value})"


class Activation(PipelineNode):
    def __init__(self, kind: ActivationKind) -> None:
        self.kind = kind

    def accept(self, visitor):
        return visitor.visit_activation(self)

    def __repr__(self) -> str:
        return f"Activation({self.kind.value})"


class Replicate(PipelineNode):
    def __init__(self, axes: AxisSpec, dim: int = 0) -> None:
        self.axes = axes
        self.dim = dim

    def accept(self, visitor):
        return visitor.visit_replicate(self)

    def __repr__(self) -> str:
        return f"Replicate({axis_names(self.axes)!r}, dim={self.dim})"


class Reduce(PipelineNode):
    def __init__(self, op: ReduceOp, axes: AxisSpec) -> None:
        self.op = op
        self.axes = axes

    def accept(self, visitor):
        return visitor.visit_reduce(self)

    def __repr__(self) -> str:
        return f"Reduce({self.op.value}, {axis_names(self.axes)!r})"


class IPipelineVisitor(abc.ABC):
    @abc.abstractmethod
    def visit_dense(self, node: RowParallelDense) -> Any: ...

    @abc.abstractmethod
    def visit_activation(self, node: Activation) -> Any: ...

    @abc.abstractmethod
    def visit_replicate(self, node: Replicate) -> Any: ...

    @abc.abstractmethod
    def visit_reduce(self, node: Reduce) -> Any: ...


class Pipeline(PipelineNode):
    def __init__(self, *nodes: PipelineNode) -> None:
        self._nodes: List[PipelineNode] = list(nodes)

    @property
    def nodes(self) -> List[PipelineNode]:
        return list(self._nodes)

    def accept(self, visitor):
        result = None
        for node in self._nodes:
            result = node.accept(visitor)
        return result

    def __repr__(self) -> str:
        return "Pipeline(" + " -> ".join(repr(n) for n in self._nodes) + ")"


class ShardEvaluator(IPipelineVisitor):
    """Evaluates the pipeline on one shard; used as the body of shard_map."""

    def __init__(self, features: jax.Array, weights: dict) -> None:
        self._value = features
        self._weights = weights

    @property
    def value(self) -> jax.Array:
        return self._value

    def visit_dense(self, node: RowParallelDense):
        partial = self._value @ self._weights[node.weight_key]
        self._value = jax.lax.psum(partial, node.reduce_axis.value)
        return self._value

    def visit_activation(self, node: Activation):
        if node.kind is ActivationKind.RELU:
            self._value = jax.nn.relu(self._value)
        elif node.kind is ActivationKind.SIGMOID:
            self._value = jax.nn.sigmoid(self._value)
        elif node.kind is ActivationKind.IDENTITY:
            pass
        else:
            raise NotImplementedError(node.kind)
        return self._value

    def visit_replicate(self, node: Replicate):
        self._value = jax.lax.all_gather(self._value, axis_names(node.axes), axis=node.dim,
                                         tiled=True, to="reduced")
        return self._value

    def visit_reduce(self, node: Reduce):
        axes = axis_names(node.axes)
        if node.op is ReduceOp.SUM:
            self._value = jax.lax.psum(self._value, axes)
        elif node.op is ReduceOp.MEAN:
            self._value = jax.lax.pmean(self._value, axes)
        elif node.op is ReduceOp.MAX:
            self._value = jax.lax.pmax(self._value, axes)
        else:
            raise NotImplementedError(node.op)
        return self._value


class ScoringServiceLocator:
    """Process-wide registry of the scoring platform's shared objects."""

    _services: dict = {}

    @classmethod
    def provide(cls, key: str, service: Any) -> None:
        cls._services[key] = service

    @classmethod
    def get(cls, key: str) -> Any:
        if key not in cls._services:
            raise LookupError(f"service {key!r} not provided")
        return cls._services[key]


def inputs():
    mesh = jax.make_mesh((4, 2), (Axis.TXNS.value, Axis.MODEL.value))
    ScoringServiceLocator.provide("mesh", mesh)
    rng = np.random.default_rng(31)
    txns = rng.normal(size=(32, 16)).astype(np.float32)
    w1 = (rng.normal(size=(16, 8)) / 4.0).astype(np.float32)
    txns = jax.device_put(txns, NamedSharding(mesh, P(Axis.TXNS.value, Axis.MODEL.value)))
    w1 = jax.device_put(w1, NamedSharding(mesh, P(Axis.MODEL.value, None)))
    return mesh, txns, w1


# ----------------------------------------------------------------- banding.service
class CalibratedEvaluator(ShardEvaluator):
    """Temperature-scaled sigmoid, as fitted by the calibration job."""

    def __init__(self, features, weights, temperature: float) -> None:
        super().__init__(features, weights)
        self._temperature = temperature

    def visit_activation(self, node: Activation):
        if node.kind is not ActivationKind.SIGMOID:
            return super().visit_activation(node)
        self._value = 1.0 / (1.0 + jnp.exp(-self._value / self._temperature))
        return self._value


class RiskBandingService:
    BANDS = (0.2, 0.5, 0.8)
    TEMPERATURE = 1.7

    def __init__(self) -> None:
        self._pipeline = Pipeline(
            RowParallelDense("w1", Axis.MODEL),
            Replicate(Axis.TXNS, dim=0),
            Activation(ActivationKind.SIGMOID),
        )

    def _body(self, txns, w1):
        return self._pipeline.accept(CalibratedEvaluator(txns, {"w1": w1}, self.TEMPERATURE))

    def band(self, txns: jax.Array, w1: jax.Array) -> np.ndarray:
        mesh = ScoringServiceLocator.get("mesh")
        fn = jax.shard_map(self._body, mesh=mesh,
                           in_specs=(P(Axis.TXNS.value, Axis.MODEL.value), P(Axis.MODEL.value, None)),
                           out_specs=P(None, None, reduced={Axis.TXNS.value}))
        probs = np.asarray(jax.jit(fn)(txns, w1))
        return np.digitize(probs.max(axis=1), self.BANDS)

    def __repr__(self) -> str:
        return f"RiskBandingService({self._pipeline!r})"


def main(mesh, txns: jax.Array, w1: jax.Array) -> None:
    service = RiskBandingService()
    bands = service.band(txns, w1)
    print(service, "band histogram", np.bincount(bands, minlength=4))


if __name__ == "__main__":
    main(*inputs())
