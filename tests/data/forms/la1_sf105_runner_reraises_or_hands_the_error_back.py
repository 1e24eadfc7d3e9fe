"""A CliRunner-like `invoke` catches what the command raises and either re-raises it or hands it
back in its result, and main raises a result's exception: every way out of the handler hands the
error on, so the command's `jax.devices()` probe passed in any run that reaches the body, whose
psum over ("i", "j") of rows already summed over "i" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Result:
    def __init__(self, value, exception):
        self.value, self.exception = value, exception


def invoke(command, catch=True):
    try:
        return Result(command(), None)
    except Exception as exc:
        if not catch:
            raise
        return Result(None, exc)


def plan_for_host():
    devices = jax.devices("cpu")
    return {"mesh": jax.make_mesh((2, 4), ("i", "j"), devices=devices), "reduce": ("i", "j")}


def reduce_rows(x, plan):
    mesh = plan["mesh"]
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    result = invoke(plan_for_host)
    if result.exception is not None:
        raise result.exception
    return reduce_rows(np.ones((8, 8), np.float32), result.value)


if __name__ == "__main__":
    main()
