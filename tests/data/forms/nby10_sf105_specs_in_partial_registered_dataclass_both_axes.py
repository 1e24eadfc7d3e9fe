import dataclasses
import functools

import jax
from jax.sharding import PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass, data_fields=["values", "bootstrap"], meta_fields=[])
@dataclasses.dataclass
class Trajectory:
    values: jax.Array
    bootstrap: jax.Array


def loss(traj):
    total = traj.values.sum() + traj.bootstrap.sum()
    return jax.lax.psum(total, ("i", "j"))


def main(mesh, x):
    specs = Trajectory(P("i", "j"), P("j", "i"))
    return jax.shard_map(loss, mesh=mesh, in_specs=(specs,), out_specs=P())(Trajectory(x, x))
