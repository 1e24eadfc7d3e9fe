"""Every construction gives the field the same JAX function (relu): the body, reached through
`self` in a method, calls it on a reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, act):
        self.act = act

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.act(full)  # SF106

    def apply(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P(None, "j"),
                             out_specs=P(None, None, reduced={"j"}))(x)


def run(mesh, x):
    return Head(jax.nn.relu).apply(mesh, x)


def run_again(mesh, x):
    return Head(jax.nn.relu).apply(mesh, x)
