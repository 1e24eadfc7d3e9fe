"""Scene graph exporter: vertex buffers gathered over vertices, attributes stay split."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BUFFER = P("verts", "attrs")
EXPORT = P(None, "attrs", reduced={"verts"})


def export_scene(node, sink, prefix=""):
    name, buffer, children = node
    path = f"{prefix}/{name}"
    if buffer is not None:
        sink[path] = top_level_all_gather(buffer, EXPORT)
    for c in children:
        export_scene(c, sink, path)


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(hull, rotor):
    mesh = jax.make_mesh((4, 2), ("verts", "attrs"))
    sh = NamedSharding(mesh, BUFFER)
    with jax.set_mesh(mesh):
        tree = ("ship", None, [("hull", jax.device_put(hull, sh), []),
                               ("engine", None, [("rotor", jax.device_put(rotor, sh), [])])])
        sink = {}
        export_scene(tree, sink)
    print({k: v.shape for k, v in sink.items()})


if __name__ == "__main__":
    main(*inputs())
