import functools

import jax
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class Job:
    """Steps added inside `with Job(...) as job:` run when the block exits."""

    def __init__(self, axes):
        self.axes, self.steps = axes, []

    def __enter__(self):
        self.axes = self.axes + ("j",)
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            for step in self.steps:
                step()
        return False

    def add(self, fn):
        self.steps.append(fn)
        return self


def body(x, axes):
    y = lax.psum(x, "j")
    return lax.psum(y, axes)  # SF105


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    with Job(("i",)) as job:
        step = jax.shard_map(functools.partial(body, axes=job.axes), mesh=mesh, in_specs=P("i", "j"), out_specs=P())
        job.add(lambda: print(step(x)))


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
