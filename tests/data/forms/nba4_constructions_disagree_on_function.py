"""Two constructions give the activation field different functions (relu and an identity); the
body reads it through `self`, which may be either object."""
import jax
from jax.sharding import PartitionSpec as P


def _identity(v):
    return v


class Head:
    def __init__(self, act):
        self.act = act

    def body(self, x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return self.act(full)

    def apply(self, mesh, x):
        return jax.shard_map(self.body, mesh=mesh, in_specs=P(None, "j"),
                             out_specs=P(None, None, reduced={"j"}))(x)


DEBUG_HEAD = Head(jax.nn.relu)


def run(mesh, x):
    return Head(_identity).apply(mesh, x)
