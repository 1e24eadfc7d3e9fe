"""Hit map of a scanning strategy: samples per sky pixel, summed over detectors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NPIX = 48
DET, SCAN = "det", "scan"


class MapMaker:
    det_axis = DET
    scan_axis = SCAN

    @classmethod
    def hits(cls, pointing):
        counts = jax.nn.one_hot(pointing, NPIX).sum(axis=(0, 1))
        return jax.lax.psum(counts, cls.det_axis)

    @classmethod
    def hit_map(cls, pointing):
        per_scan = cls.hits(pointing)[None, :]
        return jax.lax.all_gather(per_scan, cls.det_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    return (rng.integers(0, NPIX, (8, 64)).astype(np.int32),)


def main(pointing):
    mesh = jax.make_mesh((2, 4), (DET, SCAN))
    pointing = jax.device_put(pointing, NamedSharding(mesh, P(DET, SCAN)))
    f = jax.shard_map(MapMaker.hit_map, mesh=mesh, in_specs=P(DET, SCAN),
                      out_specs=P(SCAN, None, reduced={DET}))
    return f(pointing)


if __name__ == "__main__":
    main(*inputs())
