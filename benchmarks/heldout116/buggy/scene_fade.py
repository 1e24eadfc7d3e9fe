"""Scene graph: a camera node fades every particle by its depth (exponential fog)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FOG_DENSITY = 0.15


class Transform:
    def __init__(self, offset):
        self.offset = offset


class Camera:
    def __init__(self, mesh, near):
        self.mesh = mesh
        self.near = near

    def visibility(self, depth):
        def body(d):
            depths = jax.lax.all_gather(d, "sprites", axis=0, tiled=True, to="reduced")
            return jnp.exp(-FOG_DENSITY * depths)
        return jax.shard_map(body, mesh=self.mesh, in_specs=P("sprites", "views"),
                             out_specs=P(None, "views", reduced={"sprites"}))(depth)


def walk(node, depth, out, cam):
    kind, payload, children = node
    if kind == "transform":
        depth = depth + payload.offset
    elif kind == "camera":
        out.append(cam.visibility(depth))
    for child in children:
        walk(child, depth, out, cam)


def inputs():
    return (np.random.default_rng(36).uniform(1, 20, (16, 4)).astype(np.float32),)


def main(depth):
    mesh = jax.make_mesh((4, 2), ("sprites", "views"))
    depth = jax.device_put(depth, NamedSharding(mesh, P("sprites", "views")))
    cam = Camera(mesh, near=0.1)
    tree = ("group", None, [("transform", Transform(2.0), [("camera", None, [])])])
    out = []
    walk(tree, depth, out, cam)
    print(len(out))


if __name__ == "__main__":
    main(*inputs())
