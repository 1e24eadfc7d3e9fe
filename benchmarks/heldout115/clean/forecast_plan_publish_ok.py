"""Replenishment plan publishing: the forecast grid is collected store-replicated for the ERP feed.

The publisher is a strategy behind an interface; the plan step runs as a ShardedJob and hands its
output to whichever publisher the PublisherFactory creates.
"""
from __future__ import annotations

import abc
import enum
from typing import Callable, Dict, List, Optional, Tuple, Type

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ------------------------------------------------------------------ core.exceptions
class ForecastPlatformException(Exception):
    """Root of the platform's exception hierarchy."""


class JobConfigurationException(ForecastPlatformException):
    pass


class StepNotFoundException(ForecastPlatformException):
    pass


# ------------------------------------------------------------------ core.topology
class Topology:
    """Value object describing the device grid; immutable once built."""

    STORE_AXIS = "stores"
    SKU_AXIS = "skus"

    def __init__(self, shape: Tuple[int, int]) -> None:
        self._shape = shape
        self._mesh: Optional[jax.sharding.Mesh] = None

    @property
    def axis_names(self) -> Tuple[str, str]:
        return (self.STORE_AXIS, self.SKU_AXIS)

    @property
    def mesh(self) -> jax.sharding.Mesh:
        if self._mesh is None:
            self._mesh = jax.make_mesh(self._shape, self.axis_names)
        return self._mesh

    def __repr__(self) -> str:
        return f"Topology(shape={self._shape}, axes={self.axis_names})"


# ------------------------------------------------------------------ core.jobs
class ShardedJob:
    def __init__(self, fn: Callable, topology: Topology, in_specs, out_specs, jit: bool) -> None:
        self._fn = fn
        self._topology = topology
        self._in_specs = in_specs
        self._out_specs = out_specs
        self._jit = jit

    def run(self, *args):
        mapped = jax.shard_map(self._fn, mesh=self._topology.mesh,
                               in_specs=self._in_specs, out_specs=self._out_specs)
        if self._jit:
            mapped = jax.jit(mapped)
        return mapped(*args)

    def __repr__(self) -> str:
        return f"ShardedJob(fn={getattr(self._fn, '__name__', self._fn)!r}, out_specs={self._out_specs})"


class ShardedJobBuilder:
    def __init__(self) -> None:
        self._fn: Optional[Callable] = None
        self._topology: Optional[Topology] = None
        self._in_specs = None
        self._out_specs = None
        self._jit = True

    def with_body(self, fn: Callable) -> "ShardedJobBuilder":
        self._fn = fn
        return self

    def with_topology(self, topology: Topology) -> "ShardedJobBuilder":
        self._topology = topology
        return self

    def with_in_specs(self, *specs) -> "ShardedJobBuilder":
        self._in_specs = tuple(specs)
        return self

    def with_out_specs(self, specs) -> "ShardedJobBuilder":
        self._out_specs = specs
        return self

    def with_jit(self, enabled: bool) -> "ShardedJobBuilder":
        self._jit = enabled
        return self

    def build(self) -> ShardedJob:
        if self._fn is None:
            raise JobConfigurationException("body is required")
        if self._topology is None:
            raise JobConfigurationException("topology is required")
        if self._in_specs is None or self._out_specs is None:
            raise JobConfigurationException("in/out specs are required")
        return ShardedJob(self._fn, self._topology, self._in_specs, self._out_specs, self._jit)


# ------------------------------------------------------------------ domain.steps
class AbstractForecastStep(abc.ABC):
    """Template method: subclasses provide the per-shard computation pieces."""

    def __init__(self, topology: Topology) -> None:
        self._topology = topology

    @property
    def topology(self) -> Topology:
        return self._topology

    def baseline(self, sales: jax.Array, seasonality: jax.Array) -> jax.Array:
        return sales * seasonality

    def store_totals(self, forecast: jax.Array) -> jax.Array:
        return jax.lax.psum(jnp.sum(forecast, axis=1), Topology.SKU_AXIS)

    @abc.abstractmethod
    def shard_body(self, sales: jax.Array, seasonality: jax.Array): ...

    @abc.abstractmethod
    def out_specs(self): ...

    def to_job(self) -> ShardedJob:
        return (ShardedJobBuilder()
                .with_body(self.shard_body)
                .with_topology(self._topology)
                .with_in_specs(P(Topology.STORE_AXIS, Topology.SKU_AXIS), P(Topology.SKU_AXIS))
                .with_out_specs(self.out_specs())
                .build())


class StepRegistry:
    _steps: Dict[str, Type[AbstractForecastStep]] = {}

    @classmethod
    def register(cls, name: str):
        def decorator(step_cls: Type[AbstractForecastStep]) -> Type[AbstractForecastStep]:
            cls._steps[name] = step_cls
            return step_cls
        return decorator

    @classmethod
    def lookup(cls, name: str) -> Type[AbstractForecastStep]:
        try:
            return cls._steps[name]
        except KeyError:
            raise StepNotFoundException(name) from None


def inputs():
    topology = Topology((2, 4))
    rng = np.random.default_rng(7)
    sales = rng.gamma(2.0, 3.0, size=(16, 32)).astype(np.float32)
    season = (1.0 + 0.2 * np.sin(np.arange(32) / 5.0)).astype(np.float32)
    sales = jax.device_put(sales, NamedSharding(topology.mesh, P(Topology.STORE_AXIS, Topology.SKU_AXIS)))
    season = jax.device_put(season, NamedSharding(topology.mesh, P(Topology.SKU_AXIS)))
    return topology, sales, season
from jax._src.shard_map import top_level_all_gather


# ------------------------------------------------------------------ application.publishing
class IPlanPublisher(abc.ABC):
    @abc.abstractmethod
    def publish(self, plan: jax.Array) -> np.ndarray: ...


class ErpFeedPublisher(IPlanPublisher):
    """ERP wants every store's rows on each host, SKU blocks kept where they are."""

    def __init__(self, topology: Topology) -> None:
        self._topology = topology

    @property
    def feed_spec(self) -> P:
        return P(None, Topology.SKU_AXIS, reduced={Topology.STORE_AXIS})

    def publish(self, plan: jax.Array) -> np.ndarray:
        feed = top_level_all_gather(plan, self.feed_spec)
        return np.asarray(feed)

    def __repr__(self) -> str:
        return f"ErpFeedPublisher(spec={self.feed_spec})"


class PublisherKind(enum.Enum):
    ERP = "erp"


class PublisherFactory:
    @staticmethod
    def create(kind: PublisherKind, topology: Topology) -> IPlanPublisher:
        if kind is PublisherKind.ERP:
            return ErpFeedPublisher(topology)
        raise JobConfigurationException(f"no publisher for {kind}")


@StepRegistry.register("plan.replenishment")
class ReplenishmentPlanStep(AbstractForecastStep):
    def shard_body(self, sales, seasonality):
        return jnp.ceil(self.baseline(sales, seasonality))

    def out_specs(self):
        return P(Topology.STORE_AXIS, Topology.SKU_AXIS)


class PlanningService:
    def __init__(self, topology: Topology, publisher: IPlanPublisher) -> None:
        self._topology = topology
        self._publisher = publisher

    def plan_and_publish(self, sales: jax.Array, season: jax.Array) -> np.ndarray:
        step = StepRegistry.lookup("plan.replenishment")(self._topology)
        plan = step.to_job().run(sales, season)
        with jax.set_mesh(self._topology.mesh):
            return self._publisher.publish(plan)


def main(topology: Topology, sales: jax.Array, season: jax.Array) -> None:
    publisher = PublisherFactory.create(PublisherKind.ERP, topology)
    feed = PlanningService(topology, publisher).plan_and_publish(sales, season)
    print(publisher, "units ordered", float(feed.sum()))


if __name__ == "__main__":
    main(*inputs())
