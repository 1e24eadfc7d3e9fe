"""Scene graph level-of-detail: each LOD node refines what its parent produced, depth first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("verts", "attrs")


class LODNode:
    def __init__(self, level, gather_axes, in_spec, out_spec, children=()):
        self.level = level
        self.gather_axes = gather_axes
        self.in_spec = in_spec
        self.out_spec = out_spec
        self.children = list(children)

    def kernel(self, v):
        return jax.lax.all_gather(v, self.gather_axes, axis=0, tiled=True, to="reduced")

    def render(self, mesh, data, out):
        merged = jax.shard_map(self.kernel, mesh=mesh, in_specs=self.in_spec,
                               out_specs=self.out_spec)(data)
        out[self.level] = merged
        for child in self.children:
            child.render(mesh, merged, out)


def build_tree():
    leaf = LODNode(2, MESH_AXES, P(None, "attrs", reduced={"verts"}),
                   P(None, None, reduced={"verts", "attrs"}))
    return LODNode(1, "verts", P(*MESH_AXES), P(None, "attrs", reduced={"verts"}), [leaf])


def inputs():
    return (np.random.default_rng(32).normal(size=(16, 8)).astype(np.float32),)


def main(verts):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    verts = jax.device_put(verts, NamedSharding(mesh, P(*MESH_AXES)))
    out = {}
    build_tree().render(mesh, verts, out)
    print({k: v.shape for k, v in out.items()})


if __name__ == "__main__":
    main(*inputs())
