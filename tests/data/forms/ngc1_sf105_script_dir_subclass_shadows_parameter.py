"""The subclass shadows the base's parameter with a plain value: dir() lists the name once, and
getattr finds the subclass's tuple, which is no Parameter, so the instance keeps the class's axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Parameter:
    def __init__(self, default):
        self.default = default


class Job:
    sync = Parameter(("i", "j"))

    def __init__(self, **given):
        for key in dir(type(self)):
            value = getattr(type(self), key)
            if isinstance(value, Parameter):
                setattr(self, key, given.get(key, value.default))


class SumJob(Job):
    sync = ("i",)
    scale = Parameter(2.0)


def main():
    job = SumJob(scale=3.0)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block * job.scale, "j")
        return jax.lax.psum(counts, job.sync)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
