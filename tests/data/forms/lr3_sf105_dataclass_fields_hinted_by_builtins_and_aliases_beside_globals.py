"""A module that reaches its own namespace (`globals()`) settles no builtin name by its text, but
the run holds what each hint's head is where the class body evaluates it: `tuple[str, ...]` (the
builtin), `Array` (jax.Array), an `Annotated[...]` alias (a field whatever it wraps, CPython 3.11)
are fields, so `Plan(...)` binds its arguments in that order and the psum reduces over both axes
of a value varying on "data" only."""
import dataclasses
from typing import Annotated

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

Array = jax.Array
Scale = Annotated[float, "unit"]
REGISTRY = globals()


@dataclasses.dataclass
class Plan:
    axes: tuple[str, ...]
    weights: Array = None
    scale: Scale = 1.0


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    plan = Plan(("data", "model"))
    return reduce_over(plan.axes, P("data"))


if __name__ == "__main__":
    main()
