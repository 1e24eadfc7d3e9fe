"""The object is a LocalReducer, whose prepare stores the gradients unreduced."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self, axis="i"):
        self.axis = axis
        self.buckets = []

    def prepare(self, grads):
        self.buckets = [jax.lax.psum(g, self.axis) for g in grads]

    def finalize(self):
        return [jax.lax.all_gather(b, self.axis, axis=0, tiled=True, to="reduced") for b in self.buckets]


class LocalReducer(Reducer):
    def prepare(self, grads):
        self.buckets = list(grads)


def body(x):
    reducer = LocalReducer()
    reducer.prepare([x])
    return reducer.finalize()[0]


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
