"""Ram-Lak filtering of projections with a halo exchange between detector shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RampFilter:
    det_axis = "det"
    n_det_shards = 2

    @property
    def ring(self):
        n = self.n_det_shards
        return [(i, (i + 1) % n) for i in range(n)]

    def kernel(self, n):
        k = jnp.fft.fftfreq(n)
        return jnp.abs(k)

    def filter_rows(self, proj):
        full = jax.lax.all_gather(proj, self.det_axis, axis=1, tiled=True, to="reduced")
        return full

    def halo(self, proj):
        rows = self.filter_rows(proj)
        return jax.lax.ppermute(rows, self.det_axis, perm=self.ring)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(proj):
    mesh = jax.make_mesh((4, 2), ("angle", "det"))
    proj = jax.device_put(proj, NamedSharding(mesh, P("angle", "det")))
    filt = RampFilter()
    f = jax.shard_map(filt.halo, mesh=mesh, in_specs=P("angle", "det"), out_specs=P("angle", "det"))
    return f(proj)


if __name__ == "__main__":
    main(*inputs())
