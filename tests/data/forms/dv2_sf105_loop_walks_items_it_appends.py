"""An option list expanded while a loop walks it: Python's `for` walks the appended options too."""
import jax
from jax.sharding import PartitionSpec as P

PRESETS = {"both": ["add=j"]}


def reduced_axes(options):
    axes, queue = ["i"], list(options)
    for option in queue:
        key, value = option.split("=")
        if key == "preset":
            queue.extend(PRESETS[value])
        elif key == "add":
            axes.append(value)
    return tuple(axes)


def main(mesh, x):
    axes = reduced_axes(["preset=both"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
