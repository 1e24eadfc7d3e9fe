"""Near miss of ap1: the base's `__init__` reads `self.COL`, and the subclass constructed
overrides it with 'i', on which the psum leaves the value invariant on both axes (the pmean takes
one state): `self` in a base `__init__` is not the base's class."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Survey:
    COL = "j"

    def __init__(self):
        self.sum_cols = functools.partial(jax.lax.psum, axis_name=self.COL)


class RowSurvey(Survey):
    COL = "i"

    def __init__(self):
        super().__init__()

    def misfit(self, x):
        per_row = self.sum_cols(jax.lax.psum(jnp.sum(x * x), "j"))
        return jax.lax.pmean(per_row, ("i", "j"))


def run(mesh, x):
    survey = RowSurvey()
    return jax.shard_map(survey.misfit, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
