"""Assortment matrix: the store x SKU baseline forecast replicated for the assortment planner.

A GatherPolicy enum tells the step which axes each of its two replication passes covers.
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


# ------------------------------------------------------------------ application.assortment
class GatherPolicy(enum.Enum):
    STORES_ONLY = "stores"
    SKUS_ONLY = "skus"
    FULL_GRID = "grid"

    def axes(self, topology: Topology):
        if self is GatherPolicy.STORES_ONLY:
            return Topology.STORE_AXIS
        if self is GatherPolicy.SKUS_ONLY:
            return Topology.SKU_AXIS
        return topology.axis_names


@StepRegistry.register("assortment.matrix")
class AssortmentMatrixStep(AbstractForecastStep):
    def __init__(self, topology: Topology) -> None:
        super().__init__(topology)
        self._row_policy = GatherPolicy.STORES_ONLY
        self._column_policy = GatherPolicy.SKUS_ONLY

    def with_column_policy(self, policy: GatherPolicy) -> "AssortmentMatrixStep":
        self._column_policy = policy
        return self

    def shard_body(self, sales, seasonality):
        grid = self.baseline(sales, seasonality)
        grid = jax.lax.all_gather(grid, axis_name=self._row_policy.axes(self.topology),
                                  axis=0, tiled=True, to="reduced")
        grid = jax.lax.all_gather(grid, axis_name=self._column_policy.axes(self.topology),
                                  axis=1, tiled=True, to="reduced")
        return grid

    def out_specs(self):
        return P(None, None, reduced=set(self.topology.axis_names))

    def __repr__(self) -> str:
        return f"AssortmentMatrixStep(rows={self._row_policy.name}, columns={self._column_policy.name})"


def main(topology: Topology, sales: jax.Array, season: jax.Array) -> None:
    step = StepRegistry.lookup("assortment.matrix")(topology)
    matrix = step.to_job().run(sales, season)
    print(step, "assortment matrix", matrix.shape)


if __name__ == "__main__":
    main(*inputs())
