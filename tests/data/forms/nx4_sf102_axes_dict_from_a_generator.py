"""Axis names read from `dict(gen)` of a generator method: every pair is read before the dict
is made."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, **axes):
        self.axes = axes

    def pairs(self):
        for role, name in self.axes.items():
            yield role, name


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    roles = dict(Plan(batch="data", tensor="model").pairs())

    def body(x):
        table = jax.lax.all_gather(x, roles["batch"], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(table, ("model", roles["batch"]), axis=1, tiled=True, to="reduced")  # SF102

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
