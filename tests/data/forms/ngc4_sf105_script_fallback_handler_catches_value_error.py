"""The runner falls back on a ValueError, which is what JAX raises for the mixed-state sum: the
program goes on with the per-row sum."""
import json

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Steps:
    def configure(self, text):
        self.sync = tuple(json.loads(text)["sync"])

    def reduce(self, mesh, x):
        def body(block):
            counts = jax.lax.psum(block, "j")
            return jax.lax.psum(counts, self.sync)

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    steps = Steps()
    steps.configure('{"sync": ["i", "j"]}')
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    try:
        return steps.reduce(mesh, x)
    except (KeyError, ValueError):
        steps.sync = ("i",)
        return steps.reduce(mesh, x)


if __name__ == "__main__":
    main()
