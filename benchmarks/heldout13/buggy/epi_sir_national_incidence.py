"""Metapopulation SIR ensemble: ensemble members over `member`, regions over `region`; the
daily national incidence is shared with every region for the dashboard."""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Epi:
    beta: float = 0.3
    gamma: float = 0.1
    days: int = 30
    region_axis: str = "region"


class SIR(NamedTuple):
    s: jax.Array
    i: jax.Array
    r: jax.Array


def day(state, _, p=Epi()):
    new_inf = p.beta * state.s * state.i
    new_rec = p.gamma * state.i
    nxt = SIR(state.s - new_inf, state.i + new_inf - new_rec, state.r + new_rec)
    return nxt, jax.lax.psum(jnp.sum(new_inf, axis=-1), p.region_axis)


def simulate(s0, i0, p=Epi()):
    state = SIR(s0, i0, jnp.zeros_like(s0))
    _, incidence = jax.lax.scan(day, state, None, length=p.days)
    board = jax.lax.all_gather(incidence.T, p.region_axis, axis=1, to="reduced")
    return board


def main(s0, i0, mesh):
    spec = P("member", "region")
    s0, i0 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (s0, i0))
    fn = jax.shard_map(simulate, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P("member", None, None, reduced={"region"}))
    return fn(s0, i0)


def inputs():
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    i0 = jax.random.uniform(jax.random.key(25), (4, 8)) * 0.01
    return 1.0 - i0, i0, mesh
