"""Near miss of cn7: `method=None` is false, so `method or type(self).forward` runs `forward`,
whose `psum` over 'j' is fine; `stats` never runs."""
import jax
from jax.sharding import PartitionSpec as P


class Norm:
    def __init__(self, axes):
        self.axes = axes

    def forward(self, x):
        return jax.lax.psum(x, "j")

    def stats(self, x):
        m = jax.lax.psum(x, "j")
        return jax.lax.pmean(m, self.axes)

    def apply(self, x, method=None):
        method = method or type(self).forward
        return method(self, x)


def main(mesh, x):
    norm = Norm(("i", "j"))

    def body(x):
        return norm.apply(x, method=None)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
