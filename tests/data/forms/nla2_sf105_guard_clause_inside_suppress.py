"""A guard clause on the device count inside `with contextlib.suppress(ConfigError):` does not end
the program: on 8 devices the check raises, suppress swallows it, and the statement after the
`with` runs with the one-axis plan set before it; the two-axis plan the block would set is never
taken, and the psum over "j" of rows already summed over "i" runs."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigError(ValueError):
    pass


def reduce_rows(x, mesh, axes):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = "j"
    with contextlib.suppress(ConfigError):
        if jax.device_count() % 16 != 0:
            raise ConfigError("the wide reduction needs a multiple of 16 devices")
        axes = ("i", "j")
    return reduce_rows(np.ones((8, 8), np.float32), mesh, axes)


if __name__ == "__main__":
    main()
