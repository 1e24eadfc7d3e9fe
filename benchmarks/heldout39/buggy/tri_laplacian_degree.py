import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshOp:
    def __init__(self, mesh):
        self.mesh = mesh

    @property
    def vert_axis(self):
        return self.mesh.axis_names[-1]

    @property
    def part_axis(self):
        return self.mesh.axis_names[0]

    def body(self, *args):
        raise NotImplementedError

    def __call__(self, *args):
        spec = P(self.part_axis, self.vert_axis)
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=spec, out_specs=self.out_spec())(*args)


class DegreeNormaliser(MeshOp):
    def out_spec(self):
        return P(self.part_axis, None, reduced={self.vert_axis})

    def body(self, adjacency):
        degree = jax.lax.psum(adjacency.sum(axis=-1, keepdims=True), self.vert_axis)
        return jax.lax.all_gather(degree, self.vert_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    return ((rng.random(size=(4, 32)) > 0.5).astype(np.float32),)


def main(adjacency):
    mesh = jax.make_mesh((2, 4), ("part", "vert"))
    adjacency = jax.device_put(adjacency, NamedSharding(mesh, P("part", "vert")))
    out = DegreeNormaliser(mesh)(adjacency)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
