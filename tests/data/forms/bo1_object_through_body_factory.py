import functools

import jax
from jax.sharding import PartitionSpec as P


class MemoryShift:
    def __init__(self, axis, num_shards):
        self.axis = axis
        perm = [(i, (i + 1) % num_shards) for i in range(num_shards)]
        self.pass_on = functools.partial(jax.lax.ppermute, axis_name=axis, perm=perm)

    def __call__(self, memory):
        return self.pass_on(memory)  # SF103


def streaming_block(shift, other):
    def body(frames):
        summary = jax.lax.pmean(frames, other)
        memory = jax.lax.all_gather(summary, shift.axis, to="reduced", tiled=True)
        return shift(memory)

    return body


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    shift = MemoryShift("i", mesh.shape["i"])
    return jax.shard_map(streaming_block(shift, "j"), mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P("i", None))(x)
