import itertools

import jax
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class Dataset:
    """`Dataset(items).batch(1).map(f)`: lazy stages, each item made when the reader asks."""

    def __init__(self, source, name):
        self._source, self.name = source, name

    def batch(self, n):
        src = self._source

        def gen():
            it = iter(src())
            while True:
                chunk = tuple(itertools.islice(it, n))
                if not chunk:
                    return
                yield chunk
        return Dataset(gen, "batch")

    def map(self, fn):
        src = self._source
        return Dataset(lambda: (fn(el) for el in src()), getattr(fn, "__name__", "map"))

    def __iter__(self):
        return self._source()


def body(x, axes):
    y = lax.psum(x, "j")
    return lax.psum(y, axes)


class Reduce:
    def __init__(self, mesh, x):
        self.mesh, self.x = mesh, x

    def __call__(self, chunk):
        step = jax.shard_map(lambda v: body(v, chunk[0]), mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())
        return step(self.x)


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    ds = Dataset(lambda: (("i",), ("i", "j")), "rows").batch(1).map(Reduce(mesh, x))
    for out in ds:
        print(ds.name, out.shape)
        break


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
