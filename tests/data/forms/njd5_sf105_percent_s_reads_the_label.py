"""The same dimensions spelled by `"%s,%s"`: %s takes each one's str, a label that names no mesh
axis, so the body falls back to ("data",) and nothing raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Dim:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name

    def __str__(self):
        return f"Dim<{self.name}>"


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    spelled = "%s,%s" % (Dim("data"), Dim("model"))
    axes = tuple(name for name in spelled.split(",") if name in mesh.axis_names) or ("data",)
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
