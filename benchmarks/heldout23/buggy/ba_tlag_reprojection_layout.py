import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    POINTS = P(("obs", "cam"), None)
    RESIDUALS = P(("obs", "cam"))
    PER_CAMERA = P("cam")


def project(points, focal):
    return focal * points[:, :2] / points[:, 2:3]


def reprojection_residuals(mesh, points, observed, focal):
    def body(points, observed):
        return jnp.linalg.norm(project(points, focal) - observed, axis=1)

    return jax.shard_map(body, mesh=mesh, in_specs=(Layout.POINTS, Layout.POINTS),
                         out_specs=Layout.RESIDUALS)(points, observed)


def inputs():
    rng = np.random.default_rng(43)
    points = np.concatenate([rng.normal(size=(64, 2)), rng.uniform(2, 5, size=(64, 1))], 1)
    observed = rng.normal(size=(64, 2))
    return points.astype(np.float32), observed.astype(np.float32)


def main(points, observed, focal=500.0):
    mesh = jax.make_mesh((4, 2), ("obs", "cam"))
    points, observed = (jax.device_put(a, NamedSharding(mesh, Layout.POINTS)) for a in (points, observed))
    res = reprojection_residuals(mesh, points, observed, focal)
    with jax.set_mesh(mesh):
        per_camera = top_level_all_gather(res, Layout.PER_CAMERA)
    return per_camera


if __name__ == "__main__":
    print(main(*inputs()).shape)
