"""Gradient accumulation buffer built by a jitted zero-init, inspected whole after the loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class AccumBuffer:
    layout = P(("data", "model"), None)
    inspect_layout = P("model", None, reduced={"data"})

    def __init__(self, mesh, shape):
        self.mesh = mesh
        zeros = jax.jit(lambda: jnp.zeros(shape), out_shardings=NamedSharding(mesh, self.layout))
        self.buf = zeros()

    def add(self, g):
        self.buf = self.buf + g
        return self

    def inspect(self):
        return top_level_all_gather(self.buf, self.inspect_layout)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    return mesh, [np.full((16, 4), float(i), np.float32) for i in range(3)]


def main(mesh, micro_grads):
    with jax.set_mesh(mesh):
        acc = AccumBuffer(mesh, (16, 4))
        for g in micro_grads:
            acc.add(jax.device_put(g, NamedSharding(mesh, AccumBuffer.layout)))
        return acc.inspect()


if __name__ == "__main__":
    main(*inputs())
