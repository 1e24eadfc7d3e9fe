"""A keyword-only default object (`*, plan=Plan()`) names both axes in a dict: the pmean over
both meets a value the psum left invariant on one and varying on the other."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Plan:
    def __init__(self, table=None):
        self.table = {"dp": "i", "tp": "j"} if table is None else table


def loss(x, *, plan=Plan()):
    local = jax.lax.psum(jnp.sum(x), plan.table["tp"])
    return jax.lax.pmean(local, (plan.table["dp"], plan.table["tp"]))  # SF105


def run(mesh, x):
    return jax.shard_map(loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
