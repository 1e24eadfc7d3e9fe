"""Payslip register: gross pay per employee, replicated for the payslip printing service.

The register handler is configured with the AxisRole it replicates along.
"""
from __future__ import annotations

import abc
import enum
from typing import Dict, Optional, Tuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ------------------------------------------------------------------ payroll.exceptions
class PayrollException(Exception):
    pass


class PayrollConfigurationException(PayrollException):
    pass


class MissingResultException(PayrollException):
    def __init__(self, key: str) -> None:
        super().__init__(f"no result {key!r} in the payroll context")


# ------------------------------------------------------------------ payroll.topology
class AxisRole(enum.Enum):
    EMPLOYEE = "employee"
    COMPONENT = "component"


class AxisDirectory:
    """Maps logical axis roles onto the physical mesh axis names."""

    def __init__(self, mapping: Dict[AxisRole, str]) -> None:
        missing = [role for role in AxisRole if role not in mapping]
        if missing:
            raise PayrollConfigurationException(f"unmapped roles: {missing}")
        self._mapping = dict(mapping)

    def name_of(self, role: AxisRole) -> str:
        return self._mapping[role]

    @property
    def employee(self) -> str:
        return self._mapping[AxisRole.EMPLOYEE]

    @property
    def component(self) -> str:
        return self._mapping[AxisRole.COMPONENT]

    def __repr__(self) -> str:
        return f"AxisDirectory({ {r.value: n for r, n in self._mapping.items()} })"


DEFAULT_AXES = AxisDirectory({AxisRole.EMPLOYEE: "employees", AxisRole.COMPONENT: "components"})


class PayrollContext:
    """Carries inputs and intermediate results down the chain of handlers (inside shard_map)."""

    def __init__(self, axes: AxisDirectory, pay: jax.Array, rates: jax.Array) -> None:
        self.axes = axes
        self.pay = pay
        self.rates = rates
        self._results: Dict[str, jax.Array] = {}

    def put(self, key: str, value: jax.Array) -> None:
        self._results[key] = value

    def get(self, key: str) -> jax.Array:
        if key not in self._results:
            raise MissingResultException(key)
        return self._results[key]


# ------------------------------------------------------------------ payroll.chain
class PayrollHandler(abc.ABC):
    def __init__(self) -> None:
        self._next: Optional[PayrollHandler] = None

    def set_next(self, handler: "PayrollHandler") -> "PayrollHandler":
        self._next = handler
        return handler

    def handle(self, ctx: PayrollContext) -> PayrollContext:
        self._process(ctx)
        if self._next is not None:
            return self._next.handle(ctx)
        return ctx

    @abc.abstractmethod
    def _process(self, ctx: PayrollContext) -> None: ...

    def __repr__(self) -> str:
        return type(self).__name__ + (f" -> {self._next!r}" if self._next else "")


class GrossPayHandler(PayrollHandler):
    """Gross pay per employee: pay components times rates, summed over the component blocks."""

    def _process(self, ctx: PayrollContext) -> None:
        earned = ctx.pay * ctx.rates
        ctx.put("earned", earned)
        ctx.put("gross", jax.lax.psum(jnp.sum(earned, axis=1), ctx.axes.component))


class PayrollRun:
    """Runs a chain under shard_map and returns the requested results."""

    def __init__(self, mesh, axes: AxisDirectory, chain: PayrollHandler, outputs: Tuple[str, ...], out_specs) -> None:
        self._mesh = mesh
        self._axes = axes
        self._chain = chain
        self._outputs = outputs
        self._out_specs = out_specs

    def _body(self, pay, rates):
        ctx = self._chain.handle(PayrollContext(self._axes, pay, rates))
        return tuple(ctx.get(key) for key in self._outputs)

    def execute(self, pay: jax.Array, rates: jax.Array):
        a = self._axes
        fn = jax.shard_map(self._body, mesh=self._mesh,
                           in_specs=(P(a.employee, a.component), P(a.component)),
                           out_specs=self._out_specs)
        return jax.jit(fn)(pay, rates)


def inputs():
    mesh = jax.make_mesh((4, 2), (DEFAULT_AXES.employee, DEFAULT_AXES.component))
    rng = np.random.default_rng(2112)
    pay = rng.uniform(0.0, 40.0, size=(32, 8)).astype(np.float32)
    rates = np.array([38.0, 57.0, 12.5, 3.0, 21.0, 44.0, 9.5, 16.0], dtype=np.float32)
    pay = jax.device_put(pay, NamedSharding(mesh, P(DEFAULT_AXES.employee, DEFAULT_AXES.component)))
    rates = jax.device_put(rates, NamedSharding(mesh, P(DEFAULT_AXES.component)))
    return mesh, pay, rates


# ------------------------------------------------------------------ payroll.register
class PayslipRegisterHandler(PayrollHandler):
    def __init__(self, role: AxisRole) -> None:
        super().__init__()
        self._role = role

    @property
    def role(self) -> AxisRole:
        return self._role

    def _process(self, ctx: PayrollContext) -> None:
        axis = ctx.axes.name_of(self._role)
        ctx.put("register", jax.lax.all_gather(ctx.get("gross"), axis, tiled=True, to="reduced"))


def main(mesh, pay: jax.Array, rates: jax.Array) -> None:
    register = PayslipRegisterHandler(AxisRole.EMPLOYEE)
    chain = GrossPayHandler()
    chain.set_next(register)
    run = PayrollRun(mesh, DEFAULT_AXES, chain, ("gross", "register"),
                     out_specs=(P(DEFAULT_AXES.employee),
                                P(None, reduced={DEFAULT_AXES.name_of(register.role)})))
    gross, slips = run.execute(pay, rates)
    print(chain, "payroll", float(gross.sum()), "payslips", slips.shape)


if __name__ == "__main__":
    main(*inputs())
