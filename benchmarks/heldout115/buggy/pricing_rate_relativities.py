"""Rate relativities: every policy's premium divided by the book's mean premium.

The normalisation is a pluggable strategy (mean / median-free / none) chosen by an enum; the
rated book is first gathered to every device of the policy axis.
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


# ---------------------------------------------------------------- application.relativities
class INormalizationStrategy(abc.ABC):
    @abc.abstractmethod
    def reference(self, book: jax.Array) -> jax.Array: ...


class BookMeanNormalization(INormalizationStrategy):
    def __init__(self, axis: str) -> None:
        self._axis = axis

    def reference(self, book: jax.Array) -> jax.Array:
        return jax.lax.pmean(book, self._axis)

    def __repr__(self) -> str:
        return f"BookMeanNormalization(axis={self._axis!r})"


class NoNormalization(INormalizationStrategy):
    def reference(self, book: jax.Array) -> jax.Array:
        return jnp.ones_like(book)


class NormalizationKind(enum.Enum):
    BOOK_MEAN = enum.auto()
    NONE = enum.auto()


class NormalizationStrategyFactory:
    @staticmethod
    def create(kind: NormalizationKind, naming: IAxisNaming) -> INormalizationStrategy:
        if kind is NormalizationKind.BOOK_MEAN:
            return BookMeanNormalization(naming.policy_axis)
        if kind is NormalizationKind.NONE:
            return NoNormalization()
        raise ValueError(kind)


class RelativityService:
    def __init__(self, container: Container, kind: NormalizationKind) -> None:
        self._engine: IRatingEngine = container.resolve(IRatingEngine)
        self._naming: IAxisNaming = container.resolve(IAxisNaming)
        self._strategy = NormalizationStrategyFactory.create(kind, self._naming)

    def __call__(self, factors: jax.Array, beta: jax.Array):
        premiums = self._engine.rate(factors, beta)
        book = jax.lax.all_gather(premiums, self._naming.policy_axis, tiled=True, to="reduced")
        ref = self._strategy.reference(book)
        return premiums / ref.mean(), book


def main(container: Container, factors: jax.Array, beta: jax.Array) -> None:
    naming: IAxisNaming = container.resolve(IAxisNaming)
    service = RelativityService(container, NormalizationKind.BOOK_MEAN)
    fn = jax.shard_map(
        service,
        mesh=container.resolve(IMeshProvider).get_mesh(),
        in_specs=(P(naming.policy_axis, naming.factor_axis), P(naming.factor_axis)),
        out_specs=(P(naming.policy_axis), P(None, reduced={naming.policy_axis})),
    )
    rel, book = jax.jit(fn)(factors, beta)
    print("relativities", np.asarray(rel)[:4], "book", book.shape)


if __name__ == "__main__":
    main(*inputs())
