"""A reduction kept as a `functools.partial` attribute that `__init__` builds from the class's
own axis attribute (`self.AXIS`): the psum over 'j' leaves a value varying on 'i' and invariant
on 'j', which a pmean over both axes rejects."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Survey:
    ROW = "i"
    COL = "j"

    def __init__(self):
        self.sum_cols = functools.partial(jax.lax.psum, axis_name=self.COL)

    def misfit(self, x):
        per_row = self.sum_cols(jnp.sum(x * x))
        return jax.lax.pmean(per_row, (self.ROW, self.COL))  # SF105


def run(mesh, x):
    survey = Survey()
    return jax.shard_map(survey.misfit, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
