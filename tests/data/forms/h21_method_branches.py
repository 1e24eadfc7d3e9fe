import jax
from jax import lax
from jax.sharding import PartitionSpec as P

class Layer:
    def _summed(self, v):
        s = lax.psum(v, "i")
        return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

    def _plain(self, v):
        return lax.all_gather(v, "i", to="reduced", tiled=True)

    def _block(self, v):
        return lax.all_gather(lax.pmean(v, "i"), "i", to="reduced", tiled=True)  # SF101

    def __call__(self, v):
        a = lax.cond(v.sum() > 0, self._summed, self._plain, v)
        return a, jax.checkpoint(self._block)(v)

def run(mesh, x):
    return jax.shard_map(Layer(), mesh=mesh, in_specs=P("i"), out_specs=(P(None, reduced={"i"}), P(None, reduced={"i"})))(x)
