"""A launcher toggles axes in and out of its reduction set with `symmetric_difference_update`
(an axis named twice is switched off again): toggling {"pipe"} on and dropping it keeps
{"data", "model"}, so the job takes the psum over ("data", "model") of a value varying on "data"
only, which raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TOGGLES = {"pipe"}


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    names = {"data", "model"}
    names.symmetric_difference_update(TOGGLES)
    names.discard("pipe")
    axes = tuple(sorted(names))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
