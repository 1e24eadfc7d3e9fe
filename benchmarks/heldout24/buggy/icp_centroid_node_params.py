"""Point-to-point ICP as a ROS-style node: parameters are declared, then read by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class IcpNode:
    def __init__(self, mesh):
        self.mesh = mesh
        self._params = {}
        self.declare_parameter("axis.scan", "scan")
        self.declare_parameter("axis.points", "points")
        self.declare_parameter("max_iterations", 10)

    def declare_parameter(self, name, default):
        self._params[name] = default

    def get_parameter(self, name):
        return self._params[name]

    def centroids(self, cloud):
        points_axis = self.get_parameter("axis.points")
        total = jax.lax.psum(cloud.sum(axis=1), points_axis)
        count = jax.lax.psum(cloud.shape[1], points_axis)
        centroid = total / count
        return jax.lax.all_gather(centroid, axis_name=points_axis, axis=0, to="reduced")

    def on_cloud(self, cloud):
        scan, points = self.get_parameter("axis.scan"), self.get_parameter("axis.points")
        cloud = jax.device_put(cloud, NamedSharding(self.mesh, P(scan, points, None)))
        fn = jax.shard_map(self.centroids, mesh=self.mesh, in_specs=P(scan, points, None),
                           out_specs=P(None, scan, None, reduced={points}))
        return fn(cloud)


def inputs():
    rng = np.random.default_rng(60)
    return (rng.standard_normal((4, 64, 3)).astype(np.float32),)


def main(cloud):
    mesh = jax.make_mesh((2, 4), ("scan", "points"))
    return IcpNode(mesh).on_cloud(cloud)


if __name__ == "__main__":
    print(main(*inputs()))
