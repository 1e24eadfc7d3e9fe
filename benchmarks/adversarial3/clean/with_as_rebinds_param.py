"""A layout context manager yields the axis to gather over; 'with ... as' rebinds the parameter."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def zero_layout(batch_axis):
    yield batch_axis


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), np.ones((8, 4), np.float32)


def main(mesh, w, batch_axis="data", gather_axis="model"):
    w = jax.device_put(w, NamedSharding(mesh, P(batch_axis)))
    with zero_layout(batch_axis) as gather_axis:
        def step(w):
            return jnp.cos(jax.lax.all_gather(w, gather_axis, to="reduced", tiled=True))

        out = jax.shard_map(step, mesh=mesh, in_specs=P(batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
