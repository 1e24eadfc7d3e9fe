"""A worker's `except Exception as exc` that hands the error to the future it returns
(`future.set_exception(exc)`; `result()` raises it again) is error reporting, not a probe of
`jax.devices()`: the plan sums over ("i", "j") rows already summed over "i", and the psum raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Future:
    def __init__(self):
        self._value = None
        self._error = None

    def set_result(self, value):
        self._value = value

    def set_exception(self, error):
        self._error = error

    def result(self):
        if self._error is not None:
            raise self._error
        return self._value


def submit(command):
    future = Future()
    try:
        future.set_result(command())
    except Exception as exc:
        future.set_exception(exc)
    return future


def make_plan():
    devices = jax.devices()
    return {"mesh": jax.make_mesh((2, 4), ("i", "j"), devices=devices), "reduce": ("i", "j")}


def reduce_rows(x, plan):
    mesh = plan["mesh"]
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    plan = submit(make_plan).result()
    return reduce_rows(np.ones((8, 8), np.float32), plan)


if __name__ == "__main__":
    main()
