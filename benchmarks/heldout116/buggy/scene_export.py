"""Scene graph exporter: each mesh node writes its vertex buffer, gathered to the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshNode:
    buffer_spec = P("verts", "attrs")
    export_spec = P(None, None, reduced={"verts"})

    def __init__(self, name, buffer, children=()):
        self.name = name
        self.buffer = buffer
        self.children = list(children)

    def export(self):
        return np.asarray(top_level_all_gather(self.buffer, self.export_spec))


class GroupNode(MeshNode):
    def export(self):
        return None


def export_scene(node, sink, prefix=""):
    path = f"{prefix}/{node.name}"
    data = node.export()
    if data is not None:
        sink[path] = data
    for child in node.children:
        export_scene(child, sink, path)


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(hull, rotor):
    mesh = jax.make_mesh((4, 2), ("verts", "attrs"))
    sh = NamedSharding(mesh, MeshNode.buffer_spec)
    with jax.set_mesh(mesh):
        scene = GroupNode("ship", None, [MeshNode("hull", jax.device_put(hull, sh)),
                                         GroupNode("engine", None, [MeshNode("rotor", jax.device_put(rotor, sh))])])
        sink = {}
        export_scene(scene, sink)
    print({k: v.shape for k, v in sink.items()})


if __name__ == "__main__":
    main(*inputs())
