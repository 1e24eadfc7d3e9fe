"""A two-stage reducer: its current_axis property follows a stage counter the body advances."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reducer:
    def __init__(self, axes):
        self.axes = axes
        self.stage = 0

    @property
    def current_axis(self):
        return self.axes[self.stage]

    def advance(self):
        self.stage += 1


def inputs():
    return Reducer(("data", "model")), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(red, x):
    mesh = jax.make_mesh((2, 4), red.axes)
    x = jax.device_put(x, NamedSharding(mesh, P(red.axes)))

    def body(x):
        s = jax.lax.psum(x, red.current_axis)
        red.advance()
        return jax.lax.all_gather(s, red.current_axis, to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(red.axes), out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
