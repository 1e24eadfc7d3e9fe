"""A layer config whose `reduce_axis` setter validates against the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LayerConfig:
    def __init__(self, mesh):
        self.mesh = mesh
        self._reduce_axis = mesh.axis_names[0]

    @property
    def reduce_axis(self):
        return self._reduce_axis

    @reduce_axis.setter
    def reduce_axis(self, name):
        if name not in self.mesh.axis_names:
            raise ValueError(f"unknown axis {name}")
        self._reduce_axis = name


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    cfg = LayerConfig(mesh)
    cfg.reduce_axis = "model"

    def body(block):
        logits = jax.lax.psum(block.sum(axis=1), "model")
        return jax.lax.all_gather(logits, cfg.reduce_axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", reduced={"model"}))(x)


if __name__ == "__main__":
    main()
