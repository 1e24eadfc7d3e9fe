"""A dataclass default argument (`opts=SolverOptions()`) whose axis table is a
`field(default_factory=...)` read through a property: the sum over the table's axis gets a value
gathered to reduced on it."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass
class SolverOptions:
    damping: float = 0.5
    names: dict = field(default_factory=lambda: {"batch": "i", "feature": "j"})

    @property
    def feature_axis(self):
        return self.names["feature"]


def residual(x, opts=SolverOptions()):
    full = jax.lax.all_gather(x, opts.feature_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.psum(jnp.abs(full), opts.feature_axis)  # SF103


def run(mesh, x):
    return jax.shard_map(residual, mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
