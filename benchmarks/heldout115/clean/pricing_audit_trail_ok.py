"""Motor-insurance pricing service: GLM premiums per policy, with an audit trail of the rated book.

The rating engine, axis naming and mesh are resolved from the IoC container; the audit service
picks its gather axis from an AuditScope enum.
"""
from __future__ import annotations

import abc
import enum
from typing import Any, Callable, Dict, Optional, Tuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---------------------------------------------------------------- infrastructure.di
class ContainerError(Exception):
    """Base class of every dependency-injection failure."""


class ServiceNotRegisteredError(ContainerError):
    def __init__(self, iface: type) -> None:
        super().__init__(f"No binding registered for {iface.__name__}")


class Container:
    """Minimal IoC container: interface -> provider, optionally cached as a singleton."""

    def __init__(self) -> None:
        self._providers: Dict[type, Callable[["Container"], Any]] = {}
        self._singletons: Dict[type, Any] = {}
        self._is_singleton: Dict[type, bool] = {}

    def register(self, iface: type, impl: type, singleton: bool = True) -> "Container":
        self._providers[iface] = lambda c: impl(c)
        self._is_singleton[iface] = singleton
        return self

    def register_instance(self, iface: type, instance: Any) -> "Container":
        self._singletons[iface] = instance
        self._is_singleton[iface] = True
        return self

    def resolve(self, iface: type) -> Any:
        if iface in self._singletons:
            return self._singletons[iface]
        provider = self._providers.get(iface)
        if provider is None:
            raise ServiceNotRegisteredError(iface)
        instance = provider(self)
        if self._is_singleton.get(iface, False):
            self._singletons[iface] = instance
        return instance

    def __repr__(self) -> str:
        return f"Container(bindings={sorted(i.__name__ for i in self._providers)})"


# ---------------------------------------------------------------- domain.interfaces
class IMeshProvider(abc.ABC):
    @abc.abstractmethod
    def get_mesh(self) -> jax.sharding.Mesh: ...


class IAxisNaming(abc.ABC):
    @property
    @abc.abstractmethod
    def policy_axis(self) -> str: ...

    @property
    @abc.abstractmethod
    def factor_axis(self) -> str: ...

    @property
    def all_axes(self) -> Tuple[str, ...]:
        return (self.policy_axis, self.factor_axis)


class IRatingEngine(abc.ABC):
    @abc.abstractmethod
    def rate(self, factors: jax.Array, beta: jax.Array) -> jax.Array: ...


class PricingConfiguration:
    def __init__(self) -> None:
        self._base_rate: Optional[float] = None
        self._expense_loading: Optional[float] = None

    @property
    def base_rate(self) -> float:
        if self._base_rate is None:
            raise ContainerError("base_rate was never configured")
        return self._base_rate

    @base_rate.setter
    def base_rate(self, value: float) -> None:
        self._base_rate = float(value)

    @property
    def expense_loading(self) -> float:
        if self._expense_loading is None:
            raise ContainerError("expense_loading was never configured")
        return self._expense_loading

    @expense_loading.setter
    def expense_loading(self, value: float) -> None:
        self._expense_loading = float(value)

    def __repr__(self) -> str:
        return f"PricingConfiguration(base_rate={self._base_rate}, expense_loading={self._expense_loading})"


# ---------------------------------------------------------------- infrastructure.defaults
class DefaultMeshProvider(IMeshProvider):
    def __init__(self, container: Container) -> None:
        naming: IAxisNaming = container.resolve(IAxisNaming)
        self._mesh = jax.make_mesh((4, 2), naming.all_axes)

    def get_mesh(self) -> jax.sharding.Mesh:
        return self._mesh


class ActuarialAxisNaming(IAxisNaming):
    def __init__(self, container: Container) -> None:
        pass

    @property
    def policy_axis(self) -> str:
        return "policies"

    @property
    def factor_axis(self) -> str:
        return "factors"


class GlmRatingEngine(IRatingEngine):
    """Log-link GLM; the rating factors are split column-wise over the factor axis."""

    def __init__(self, container: Container) -> None:
        self._naming: IAxisNaming = container.resolve(IAxisNaming)
        self._config: PricingConfiguration = container.resolve(PricingConfiguration)

    def rate(self, factors: jax.Array, beta: jax.Array) -> jax.Array:
        partial_eta = factors @ beta
        eta = jax.lax.psum(partial_eta, self._naming.factor_axis)
        return self._config.base_rate * jnp.exp(eta)


def bootstrap() -> Container:
    container = Container()
    config = PricingConfiguration()
    config.base_rate = 412.0
    config.expense_loading = 1.18
    container.register_instance(PricingConfiguration, config)
    container.register(IAxisNaming, ActuarialAxisNaming)
    container.register(IMeshProvider, DefaultMeshProvider)
    container.register(IRatingEngine, GlmRatingEngine)
    return container


def inputs():
    container = bootstrap()
    mesh = container.resolve(IMeshProvider).get_mesh()
    naming: IAxisNaming = container.resolve(IAxisNaming)
    rng = np.random.default_rng(2026)
    factors = rng.normal(size=(32, 8)).astype(np.float32) * 0.1
    beta = rng.normal(size=(8,)).astype(np.float32) * 0.2
    factors = jax.device_put(factors, NamedSharding(mesh, P(naming.policy_axis, naming.factor_axis)))
    beta = jax.device_put(beta, NamedSharding(mesh, P(naming.factor_axis)))
    return container, factors, beta


# ---------------------------------------------------------------- application.audit
class AuditScope(enum.Enum):
    PER_POLICY = "policy"
    PER_FACTOR = "factor"


class AuditTrailService:
    def __init__(self, container: Container, scope: AuditScope) -> None:
        self._naming: IAxisNaming = container.resolve(IAxisNaming)
        self._scope = scope

    def _gather_axis(self) -> str:
        if self._scope is AuditScope.PER_POLICY:
            return self._naming.policy_axis
        elif self._scope is AuditScope.PER_FACTOR:
            return self._naming.factor_axis
        raise ValueError(f"unsupported audit scope {self._scope!r}")

    def snapshot(self, premiums: jax.Array) -> jax.Array:
        return jax.lax.all_gather(premiums, self._gather_axis(), axis=0, tiled=True, to="reduced")

    def __repr__(self) -> str:
        return f"AuditTrailService(scope={self._scope.name})"


class PricingFacade:
    def __init__(self, container: Container, audit: AuditTrailService) -> None:
        self._engine: IRatingEngine = container.resolve(IRatingEngine)
        self._naming: IAxisNaming = container.resolve(IAxisNaming)
        self._mesh = container.resolve(IMeshProvider).get_mesh()
        self._audit = audit

    def _body(self, factors, beta):
        premiums = self._engine.rate(factors, beta)
        return premiums, self._audit.snapshot(premiums)

    def price_book(self, factors: jax.Array, beta: jax.Array):
        n = self._naming
        fn = jax.shard_map(
            self._body,
            mesh=self._mesh,
            in_specs=(P(n.policy_axis, n.factor_axis), P(n.factor_axis)),
            out_specs=(P(n.policy_axis), P(None, reduced={n.policy_axis})),
        )
        return jax.jit(fn)(factors, beta)


def main(container: Container, factors: jax.Array, beta: jax.Array) -> None:
    audit = AuditTrailService(container, AuditScope.PER_POLICY)
    facade = PricingFacade(container, audit)
    premiums, trail = facade.price_book(factors, beta)
    print(repr(audit), "book premium", float(premiums.sum()), "audited rows", trail.shape)


if __name__ == "__main__":
    main(*inputs())
