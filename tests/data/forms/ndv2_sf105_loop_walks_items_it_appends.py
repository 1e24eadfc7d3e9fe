"""The appended option drops the axis again: the loop walks it, one axis is left."""
import jax
from jax.sharding import PartitionSpec as P

PRESETS = {"rows": ["drop=j"]}


def reduced_axes(options):
    axes, queue = ["i", "j"], list(options)
    for option in queue:
        key, value = option.split("=")
        if key == "preset":
            queue.extend(PRESETS[value])
        elif key == "drop":
            axes.remove(value)
    return tuple(axes)


def main(mesh, x):
    axes = reduced_axes(["preset=rows"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
