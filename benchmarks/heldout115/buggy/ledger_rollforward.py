"""Period roll-forward: the account-replicated ledger re-laid out period-block by period-block.

After replicating the accounts, the roll-forward job exchanges period blocks with all_to_all so
that each device ends up with whole periods.
"""
from __future__ import annotations

import abc
import enum
from typing import Dict, List, Optional, Sequence, Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AxisName = Union[str, Tuple[str, ...]]


# ---------------------------------------------------------------- ledger.errors
class LedgerException(Exception):
    pass


class UnknownCollectiveException(LedgerException):
    pass


class NotConfiguredException(LedgerException):
    pass


# ---------------------------------------------------------------- ledger.topology
class LedgerAxes:
    """Singleton holder of the ledger grid's axis names."""

    _instance: Optional["LedgerAxes"] = None

    def __init__(self, account_axis: str, period_axis: str) -> None:
        self._account_axis = account_axis
        self._period_axis = period_axis

    @classmethod
    def get_instance(cls) -> "LedgerAxes":
        if cls._instance is None:
            cls._instance = LedgerAxes("accounts", "periods")
        return cls._instance

    @property
    def account_axis(self) -> str:
        return self._account_axis

    @property
    def period_axis(self) -> str:
        return self._period_axis

    def as_tuple(self) -> Tuple[str, str]:
        return (self._account_axis, self._period_axis)

    def __repr__(self) -> str:
        return f"LedgerAxes(account={self._account_axis!r}, period={self._period_axis!r})"


# ---------------------------------------------------------------- ledger.collectives
class CollectiveKind(enum.Enum):
    TOTAL = "total"
    AVERAGE = "average"
    REPLICATE = "replicate"
    SHIFT = "shift"
    RELAYOUT = "relayout"


class ICollective(abc.ABC):
    def __init__(self, axis: AxisName) -> None:
        self._axis = axis

    @property
    def axis(self) -> AxisName:
        return self._axis

    @abc.abstractmethod
    def apply(self, x: jax.Array) -> jax.Array: ...

    def __repr__(self) -> str:
        return f"{type(self).__name__}(axis={self._axis!r})"


class TotalCollective(ICollective):
    def apply(self, x):
        return jax.lax.psum(x, self._axis)


class AverageCollective(ICollective):
    def apply(self, x):
        return jax.lax.pmean(x, self._axis)


class ReplicateCollective(ICollective):
    def __init__(self, axis: AxisName, dim: int = 0) -> None:
        super().__init__(axis)
        self._dim = dim

    def apply(self, x):
        return jax.lax.all_gather(x, self._axis, axis=self._dim, tiled=True, to="reduced")


class ShiftCollective(ICollective):
    def __init__(self, axis: AxisName, size: int) -> None:
        super().__init__(axis)
        self._perm = [(i, (i + 1) % size) for i in range(size)]

    def apply(self, x):
        return jax.lax.ppermute(x, self._axis, perm=self._perm)


class CollectiveFactory:
    """Static factory: the only place that knows the concrete collective classes."""

    @staticmethod
    def create(kind: CollectiveKind, axis: AxisName, **options) -> ICollective:
        if kind is CollectiveKind.TOTAL:
            return TotalCollective(axis)
        if kind is CollectiveKind.AVERAGE:
            return AverageCollective(axis)
        if kind is CollectiveKind.REPLICATE:
            return ReplicateCollective(axis, options.get("dim", 0))
        if kind is CollectiveKind.SHIFT:
            return ShiftCollective(axis, options["size"])
        raise UnknownCollectiveException(kind)


class CompositeCollective(ICollective):
    def __init__(self, parts: Sequence[ICollective]) -> None:
        super().__init__(tuple(p.axis for p in parts))
        self._parts = list(parts)

    def apply(self, x):
        for part in self._parts:
            x = part.apply(x)
        return x


# ---------------------------------------------------------------- ledger.domain
class AbstractLedgerJob(abc.ABC):
    """Template method: subclasses implement `_close`, the base class wires the mesh."""

    def __init__(self, mesh: jax.sharding.Mesh) -> None:
        self._mesh = mesh
        self._axes = LedgerAxes.get_instance()

    def _account_totals(self, balances: jax.Array) -> jax.Array:
        local = jnp.sum(balances, axis=1)
        return CollectiveFactory.create(CollectiveKind.TOTAL, self._axes.period_axis).apply(local)

    @abc.abstractmethod
    def _close(self, balances: jax.Array, rates: jax.Array): ...

    @abc.abstractmethod
    def _out_specs(self): ...

    def run(self, balances: jax.Array, rates: jax.Array):
        a = self._axes
        fn = jax.shard_map(self._close, mesh=self._mesh,
                           in_specs=(P(a.account_axis, a.period_axis), P(a.period_axis)),
                           out_specs=self._out_specs())
        return jax.jit(fn)(balances, rates)


def inputs():
    axes = LedgerAxes.get_instance()
    mesh = jax.make_mesh((2, 4), axes.as_tuple())
    rng = np.random.default_rng(1999)
    balances = np.round(rng.normal(1000.0, 250.0, size=(16, 32)), 2).astype(np.float32)
    rates = (1.0 + 0.01 * rng.standard_normal(32)).astype(np.float32)
    balances = jax.device_put(balances, NamedSharding(mesh, P(axes.account_axis, axes.period_axis)))
    rates = jax.device_put(rates, NamedSharding(mesh, P(axes.period_axis)))
    return mesh, balances, rates


# ---------------------------------------------------------------- close.rollforward
class RollForwardJob(AbstractLedgerJob):
    def __init__(self, mesh) -> None:
        super().__init__(mesh)
        self._replicate = CollectiveFactory.create(CollectiveKind.REPLICATE, self._axes.account_axis)

    def _close(self, balances, rates):
        ledger = self._replicate.apply(jnp.cumsum(balances, axis=1))
        relaid = jax.lax.all_to_all(ledger, self._axes.account_axis, split_axis=0, concat_axis=1,
                                    tiled=True)
        return relaid

    def _out_specs(self):
        return P(self._axes.account_axis, self._axes.period_axis)


def main(mesh, balances: jax.Array, rates: jax.Array) -> None:
    job = RollForwardJob(mesh)
    rolled = job.run(balances, rates)
    closing = np.asarray(rolled)[:, -1]
    print("rolled forward", rolled.shape, float(closing.sum()))


if __name__ == "__main__":
    main(*inputs())
