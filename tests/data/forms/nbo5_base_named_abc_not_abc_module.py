import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import types as abc


class Policy(abc.SimpleNamespace):
    row_axis = "i"

    def report(self, x):
        total = jax.lax.psum(jnp.sum(x, axis=0, keepdims=True), "i")
        return jax.lax.all_gather(total, self.row_axis, to="reduced", tiled=True, axis=1)  # none: the object's own field


class Greedy(Policy):
    pass


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    policy = Greedy(row_axis="j")
    return jax.shard_map(policy.report, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"j"}))(x)
