"""A retrying step runner catches I/O errors only: what JAX raises in the step (a ValueError) goes
through the handler and ends the program at the step's line."""
import functools
import json

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def retry(times=2):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(self, *args):
            for attempt in range(times + 1):
                try:
                    return fn(self, *args)
                except (IOError, TimeoutError, KeyError):
                    if attempt == times:
                        raise
        return wrapper
    return deco


class Steps:
    def configure(self, text):
        self.sync = tuple(json.loads(text)["sync"])

    @retry(times=3)
    def reduce(self, mesh, x):
        def body(block):
            counts = jax.lax.psum(block, "j")
            return jax.lax.psum(counts, self.sync)  # SF105

        return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    steps = Steps()
    steps.configure('{"sync": ["i", "j"]}')
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return steps.reduce(mesh, x)


if __name__ == "__main__":
    main()
