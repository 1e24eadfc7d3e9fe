"""A CliRunner-like entry catches every exception into its Result; the caller raises
`result.exception` again, so the program ends with JAX's error at the command's line."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Result:
    def __init__(self, exit_code, exception, return_value):
        self.exit_code = exit_code
        self.exception = exception
        self.return_value = return_value


def invoke(command, *args, catch_exceptions=True):
    try:
        return Result(0, None, command(*args))
    except Exception as exc:
        if not catch_exceptions:
            raise
        return Result(1, exc, None)


def sync_counts(x, mesh, over):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, over)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    result = invoke(sync_counts, x, mesh, ("i", "j"))
    if result.exception is not None:
        raise result.exception
    return result.return_value


if __name__ == "__main__":
    main()
