import jax
from jax.sharding import PartitionSpec as P


class Aggregator:
    def __init__(self, mesh, average=True, axis="i"):
        self.mesh, self.average, self.axis = mesh, average, axis

    def _body(self, g):
        if self.average:
            agg = jax.lax.pmean(g, self.axis)
        else:
            agg = jax.lax.psum(g, self.axis)
        history = jax.lax.all_gather(agg, self.axis, to="reduced", tiled=True)  # SF101
        return agg, history

    def __call__(self, g):
        return jax.shard_map(self._body, mesh=self.mesh, in_specs=P(self.axis),
                             out_specs=(P(), P(None, reduced={self.axis})))(g)


def run(mesh, x):
    return Aggregator(mesh)(x)
