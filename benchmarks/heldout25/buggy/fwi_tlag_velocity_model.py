"""Write the updated velocity model to SEG-Y: gather the lateral axis laid out as the header says."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SEGY_HEADER = {"sample_axis": None, "trace_axes": ("shot", "rx"), "writer_axes": ("rx",)}


def model_layout(header):
    return P(header["sample_axis"], header["trace_axes"])


def writer_layout(header):
    return P(header["sample_axis"], header["writer_axes"])


def inputs():
    return (np.linspace(1500.0, 4500.0, 64 * 32, dtype=np.float32).reshape(64, 32),)


def main(velocity, header=SEGY_HEADER):
    mesh = jax.make_mesh((2, 4), ("shot", "rx"))
    velocity = jax.device_put(velocity, NamedSharding(mesh, model_layout(header)))
    with contextlib.ExitStack() as stack:
        stack.enter_context(jax.set_mesh(mesh))
        out = top_level_all_gather(velocity, writer_layout(header))
    return out


if __name__ == "__main__":
    print(main(*inputs()))
