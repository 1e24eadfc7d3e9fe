"""Incompressible Navier-Stokes on a 2-D decomposed grid: kinetic-energy diagnostics per column."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass, data_fields=["u", "v"], meta_fields=["dx"])
@dataclasses.dataclass
class FlowState:
    u: jax.Array
    v: jax.Array
    dx: float = 0.1


@functools.partial(jax.tree_util.register_dataclass, data_fields=["column_energy"], meta_fields=[])
@dataclasses.dataclass
class Diagnostics:
    column_energy: jax.Array


def diagnose(state: FlowState, row_axis="y"):
    ke = 0.5 * (state.u ** 2 + state.v ** 2) * state.dx ** 2
    column = jax.lax.psum(ke.sum(axis=0), row_axis)
    return Diagnostics(column_energy=jax.lax.all_gather(column, row_axis, tiled=True, to="invarying"))


def inputs():
    rng = np.random.default_rng(2651)
    return (rng.standard_normal((16, 32)).astype(np.float32), rng.standard_normal((16, 32)).astype(np.float32))


def main(u, v):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    state = FlowState(u, v)
    state = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P("y", "x"))), state)
    state_spec = FlowState(P("y", "x"), P("y", "x"))
    fn = jax.shard_map(diagnose, mesh=mesh, in_specs=(state_spec,),
                       out_specs=Diagnostics(P("x")))
    return fn(state)


if __name__ == "__main__":
    print(main(*inputs()))
