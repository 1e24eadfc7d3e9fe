"""Back-projection with the views redistributed across devices after the angular gather."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ScanGeometry:
    view_axis: str = "view"
    det_axis: str = "det"
    arc: float = np.pi


def backproject_factory(geom):
    def smear(sino):
        all_views = jax.lax.all_gather(sino, geom.view_axis, axis=0, tiled=True, to="reduced")
        return redistribute(all_views, geom)

    return smear


def redistribute(views, geom):
    return jax.lax.all_to_all(views, geom.view_axis, split_axis=0, concat_axis=1, tiled=True)


def inputs():
    return (np.random.default_rng(52).uniform(size=(16, 32)).astype(np.float32),)


def main(sino):
    geom = ScanGeometry()
    mesh = jax.make_mesh((2, 4), (geom.view_axis, geom.det_axis))
    sino = jax.device_put(sino, NamedSharding(mesh, P(geom.view_axis, geom.det_axis)))
    return jax.shard_map(backproject_factory(geom), mesh=mesh,
                         in_specs=P(geom.view_axis, geom.det_axis),
                         out_specs=P(geom.view_axis, geom.det_axis))(sino)


if __name__ == "__main__":
    main(*inputs())
